#!/usr/bin/env node
// Checks that fly.toml, litefs.yml and the Dockerfile agree, since a LiteFS cluster cannot be
// started here: ports, mount paths, the database path the app opens, the LiteFS folder the app
// watches for `.primary`, and how the app is started and stopped.
//
//   node scripts/check-deploy-config.ts     (npm run check:deploy)
//
// Prints each problem and exits 1, or prints what agrees and exits 0.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import {
  execForm,
  parseDockerfile,
  shellWords,
  splitFlags,
  stageChain,
  stageEnvironment,
  stagesNeededFor,
  stagesOf,
  type Stage,
} from "./lib/dockerfile.ts";

/** fly.toml as far as it is read here: parsed, but each value still to be checked. */
type FlyConfig = {
  app?: string;
  primary_region?: string;
  kill_signal?: string;
  kill_timeout?: string | number;
  env?: Record<string, string>;
  http_service?: { internal_port?: number };
  mounts?: FlyMount | FlyMount[];
  build?: { "build-target"?: string };
  vm?: FlyMachine | FlyMachine[];
};
type FlyMachine = { memory?: string };
type FlyMount = { destination?: string };

/** litefs.yml as far as it is read here: parsed, but each value still to be checked. */
type LitefsConfig = {
  fuse?: { dir?: string; "allow-other"?: boolean };
  data?: { dir?: string };
  http?: { addr?: string };
  proxy?: { addr?: string; target?: string; db?: string };
  lease?: {
    type?: string;
    candidate?: boolean;
    "advertise-url"?: string;
    consul?: { url?: string; key?: string };
  };
  exec?: string | { cmd?: string }[];
};

type DescribedStage = {
  env: Record<string, string>;
  cmd: string[] | undefined;
  exposed: number[];
  copies: { from: string | undefined; sources: string[]; dest: string | undefined }[];
  runs: string[];
};

// The keys LiteFS 0.5 accepts; it parses its config strictly and refuses to start on any other.
const LITEFS_KEYS: Record<string, string[]> = {
  "": [
    "exit-on-error",
    "skip-sync",
    "strict-verify",
    "exec",
    "data",
    "fuse",
    "http",
    "proxy",
    "lease",
    "backup",
    "log",
    "tracing",
  ],
  data: ["dir", "compress", "retention", "retention-monitor-interval"],
  fuse: ["dir", "allow-other", "debug"],
  http: ["addr", "snapshot-timeout"],
  proxy: [
    "addr",
    "target",
    "db",
    "max-lag",
    "debug",
    "passthrough",
    "always-forward",
    "primary-redirect-timeout",
    "read-timeout",
    "read-header-timeout",
    "write-timeout",
    "idle-timeout",
  ],
  lease: [
    "type",
    "hostname",
    "advertise-url",
    "candidate",
    "promote",
    "reconnect-delay",
    "demote-delay",
    "databases",
    "consul",
  ],
  "lease.consul": ["url", "key", "ttl", "lock-delay"],
  log: ["format", "timestamp", "debug"],
  tracing: ["enabled", "path", "max-size", "max-count", "compress"],
  backup: ["type", "path", "url", "cluster", "auth-token"],
};
const EXEC_KEYS = ["cmd", "if-candidate"];
const LITEFS_DEFAULT_HTTP_ADDR = ":20202";
// server.ts waits this long for requests in flight when SHUTDOWN_GRACE_MS is unset.
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * LiteFS expands `$VAR`, `${VAR}` and `${A == B}` / `${A != "text"}` in its config before parsing
 * it; this does the same with the variables Fly.io sets on a machine.
 */
export function expandLitefsVariables(text: string, variables: Record<string, string>) {
  const value = (name = "") => variables[name] ?? "";
  return text.replace(/\$\{([^}]*)\}|\$(\w+)/g, (_match: string, braced = "", bare?: string) => {
    if (bare) return value(bare);
    const expression = braced.trim();
    const comparison = /^(\w+)\s*(==|!=)\s*(?:'(.*)'|"(.*)"|(\w+))$/.exec(expression);
    if (!comparison) return value(expression);
    const [, left, operator, single, double, right] = comparison;
    const other = single ?? double ?? value(right);
    return String((value(left) === other) === (operator === "=="));
  });
}

function portOf(address: unknown) {
  const match = /:(\d+)$/.exec(String(address ?? ""));
  return match ? Number(match[1]) : undefined;
}

function durationSeconds(value: unknown) {
  if (typeof value === "number") return value;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(value ?? ""));
  if (!match) return undefined;
  const unit = (match[2] ?? "s") as "ms" | "s" | "m";
  return Number(match[1]) * { ms: 0.001, s: 1, m: 60 }[unit];
}

function unknownKeys(config: LitefsConfig) {
  const problems: string[] = [];
  const visit = (object: unknown, section: string) => {
    const allowed = LITEFS_KEYS[section];
    if (!allowed || object === null || typeof object !== "object") return;
    for (const [key, child] of Object.entries(object)) {
      const where = section ? `${section}.${key}` : key;
      if (!allowed.includes(key)) problems.push(`litefs.yml: unknown key ${where}`);
      else visit(child, where);
    }
  };
  visit(config, "");
  for (const [index, entry] of (Array.isArray(config.exec) ? config.exec : []).entries()) {
    for (const key of Object.keys(entry ?? {})) {
      if (!EXEC_KEYS.includes(key)) problems.push(`litefs.yml: unknown key exec[${index}].${key}`);
    }
  }
  return problems;
}

/** A Dockerfile stage as built: its ENV, CMD, EXPOSE, COPY and RUN, with its parents'. */
function describeStage(stages: Stage[], name: string | undefined) {
  const described: DescribedStage = {
    env: stageEnvironment(stages, name),
    cmd: undefined,
    exposed: [],
    copies: [],
    runs: [],
  };
  for (const instruction of stageChain(stages, name).flatMap((stage) => stage.instructions)) {
    const { keyword, args } = instruction;
    if (keyword === "CMD") {
      described.cmd = execForm(args);
    } else if (keyword === "EXPOSE") {
      described.exposed.push(...shellWords(args).map((port) => Number(port.split("/")[0])));
    } else if (keyword === "COPY") {
      const { flags, rest } = splitFlags(args);
      const parts = execForm(rest) ?? shellWords(rest);
      described.copies.push({ from: flags.from, sources: parts.slice(0, -1), dest: parts.at(-1) });
    } else if (keyword === "RUN") {
      described.runs.push(args);
    }
  }
  return described;
}

/**
 * The machine's memory must hold V8's heap with room to spare (the page cache's Buffers, native
 * libraries, the render pool's worker), so the image caps the old generation at half of fly.toml's
 * memory at most, and sets the young generation's semi-space: with a small cap and V8's default
 * young generation the server spends its time collecting garbage (decision 044); and lets the old
 * generation double between full collections, which under a small cap V8 does not (decision 047).
 * And it bounds glibc's allocator arenas: one per thread that allocates (libuv's pool, sharp's,
 * the render pool's worker) each kept memory freed long before (decision 045).
 */
function heapProblems(
  {
    NODE_OPTIONS: nodeOptions,
    GLIBC_TUNABLES: tunables,
    HEAP_GROWING_PERCENT: growingPercent,
  }: Record<string, string>,
  machines: FlyConfig["vm"],
  stage: string,
): string[] {
  const memory = /^(\d+)\s*mb$/i.exec([machines ?? []].flat()[0]?.memory ?? "")?.[1];
  if (!memory) return ['fly.toml: [[vm]] memory must be given in MB ("512mb")'];
  const flag = (name: string) =>
    new RegExp(`(?:^|\\s)--${name}=(\\d+)(?:\\s|$)`).exec(nodeOptions ?? "")?.[1];
  const oldSpace = flag("max-old-space-size");
  const problems: string[] = [];
  if (!oldSpace || Number(oldSpace) > Number(memory) / 2) {
    problems.push(
      `Dockerfile: stage ${stage} must set NODE_OPTIONS --max-old-space-size to at most half of fly.toml's ${memory} MB`,
    );
  }
  if (!flag("max-semi-space-size")) {
    problems.push(`Dockerfile: stage ${stage} must set NODE_OPTIONS --max-semi-space-size`);
  }
  if (!/^[1-9]\d*$/.test(growingPercent ?? "")) {
    problems.push(`Dockerfile: stage ${stage} must set HEAP_GROWING_PERCENT`);
  }
  if (!/(?:^|:)glibc\.malloc\.arena_max=\d+(?::|$)/.test(tunables ?? "")) {
    problems.push(`Dockerfile: stage ${stage} must set GLIBC_TUNABLES glibc.malloc.arena_max`);
  }
  return problems;
}

const inside = (folder: string, parent: string) => folder.startsWith(`${parent}/`);

/**
 * The app draws share cards into MEDIA_DIR (required with LiteFS, app/lib/env.server.ts). It
 * must be on the volume, which LiteFS's data folder is, and not in LiteFS's FUSE folder, which
 * holds only databases; and since the volume belongs to root, a command before the app must make
 * the folder the app's user's.
 */
function mediaFolderProblems(
  mediaDir: string | undefined,
  { dataDir, fuseDir, exec }: { dataDir?: string; fuseDir?: string; exec: { cmd?: string }[] },
) {
  if (!mediaDir) return ["fly.toml: env.MEDIA_DIR is required with LITEFS_DIR (share cards)"];
  const problems: string[] = [];
  const folder = path.posix.normalize(mediaDir);
  if (!dataDir || !inside(folder, dataDir) || (fuseDir && inside(folder, fuseDir))) {
    problems.push(
      `fly.toml: env.MEDIA_DIR ${mediaDir} must be inside the volume at litefs.yml data.dir ${dataDir}, outside fuse.dir ${fuseDir}`,
    );
  }
  const appUser = /--reuid=(\S+)/.exec(exec.at(-1)?.cmd ?? "")?.[1];
  const makesFolder = exec.slice(0, -1).some(({ cmd }) => {
    const words = shellWords(cmd ?? "");
    const owner = words[words.indexOf("-o") + 1];
    return (
      words[0] === "install" &&
      words.includes("-d") &&
      owner === appUser &&
      words.at(-1) === mediaDir
    );
  });
  if (!makesFolder) {
    problems.push(
      `litefs.yml: exec must make MEDIA_DIR the app's user's before starting the app (install -d -o ${appUser} -g ${appUser} ${mediaDir}), as the volume belongs to root`,
    );
  }
  return problems;
}

/** Every disagreement between the three files, as sentences; none means they agree. */
export function checkDeployConfig({
  dockerfile,
  flyToml,
  litefsYml,
}: {
  dockerfile: string;
  flyToml: string;
  litefsYml: string;
}) {
  const problems: string[] = [];
  const fly = parseToml(flyToml) as FlyConfig;
  const flyEnv = fly.env ?? {};
  const primaryRegion = fly.primary_region ?? "";
  const machine = (region: string) => ({
    FLY_APP_NAME: fly.app ?? "",
    FLY_MACHINE_ID: "0123456789abcd",
    FLY_REGION: region,
    PRIMARY_REGION: primaryRegion,
    FLY_CONSUL_URL: "https://consul.example.internal/secret",
    ...flyEnv,
  });
  const litefs: LitefsConfig =
    parseYaml(expandLitefsVariables(litefsYml, machine(primaryRegion))) ?? {};
  const elsewhere: LitefsConfig | null = parseYaml(
    expandLitefsVariables(litefsYml, machine(`not-${primaryRegion}`)),
  );
  const stages = stagesOf(parseDockerfile(dockerfile));
  const fuseDir = litefs.fuse?.dir;
  const dataDir = litefs.data?.dir;
  const proxy = litefs.proxy ?? {};
  const lease = litefs.lease ?? {};
  const exec = Array.isArray(litefs.exec) ? litefs.exec : litefs.exec ? [{ cmd: litefs.exec }] : [];

  // litefs.yml on its own
  problems.push(...unknownKeys(litefs));
  if (!path.posix.isAbsolute(fuseDir ?? "")) problems.push("litefs.yml: fuse.dir must be absolute");
  if (!path.posix.isAbsolute(dataDir ?? "")) problems.push("litefs.yml: data.dir must be absolute");
  if (
    fuseDir &&
    dataDir &&
    (`${dataDir}/`.startsWith(`${fuseDir}/`) || `${fuseDir}/`.startsWith(`${dataDir}/`))
  ) {
    problems.push(
      `litefs.yml: data.dir ${dataDir} and fuse.dir ${fuseDir} must not contain each other`,
    );
  }
  for (const key of ["addr", "target", "db"] as const) {
    if (!proxy[key]) problems.push(`litefs.yml: proxy.${key} is required`);
  }
  const httpPort = portOf(litefs.http?.addr ?? LITEFS_DEFAULT_HTTP_ADDR);
  if (lease.type !== "consul" && lease.type !== "static") {
    problems.push(`litefs.yml: lease.type must be consul or static, not ${lease.type}`);
  }
  if (lease.type === "consul" && (!lease.consul?.url || !lease.consul?.key)) {
    problems.push("litefs.yml: a consul lease needs lease.consul.url and lease.consul.key");
  }
  if (portOf(lease["advertise-url"]) !== httpPort) {
    problems.push(
      `litefs.yml: lease.advertise-url port ${portOf(lease["advertise-url"])} is not http.addr port ${httpPort}`,
    );
  }
  if (lease.candidate !== true || elsewhere?.lease?.candidate !== false) {
    problems.push(
      `litefs.yml: lease.candidate must be true in the primary region (${primaryRegion}) and false elsewhere`,
    );
  }
  const appCommand = exec.at(-1)?.cmd;
  if (!appCommand) problems.push("litefs.yml: exec must start the app (its last command)");
  const dropsRoot = /^setpriv\s.*--reuid=(?!0\b|root\b)\S+/.exec(appCommand ?? "");
  if (!dropsRoot) {
    problems.push("litefs.yml: the app must run as an unprivileged user (setpriv --reuid=...)");
  } else if (litefs.fuse?.["allow-other"] !== true) {
    problems.push("litefs.yml: fuse.allow-other must be true for the app's user to reach fuse.dir");
  }

  // fly.toml against litefs.yml
  const proxyPort = portOf(proxy.addr);
  if (fly.http_service?.internal_port !== proxyPort) {
    problems.push(
      `fly.toml: http_service.internal_port ${fly.http_service?.internal_port} is not litefs.yml proxy.addr port ${proxyPort}`,
    );
  }
  if (Number(flyEnv.PORT) !== portOf(proxy.target)) {
    problems.push(
      `fly.toml: env.PORT ${flyEnv.PORT} is not litefs.yml proxy.target port ${portOf(proxy.target)}`,
    );
  }
  if (Number(flyEnv.PORT) === proxyPort || Number(flyEnv.PORT) === httpPort) {
    problems.push(`fly.toml: env.PORT ${flyEnv.PORT} collides with a LiteFS port`);
  }
  const mounts = [fly.mounts ?? []].flat();
  if (mounts.length !== 1 || mounts[0]?.destination !== dataDir) {
    problems.push(
      `fly.toml: the one [[mounts]] destination must be litefs.yml data.dir ${dataDir} (found ${mounts.map((mount) => mount.destination).join(", ") || "none"})`,
    );
  }
  if (flyEnv.LITEFS_DIR !== fuseDir) {
    problems.push(
      `fly.toml: env.LITEFS_DIR ${flyEnv.LITEFS_DIR} is not litefs.yml fuse.dir ${fuseDir}`,
    );
  }
  problems.push(...mediaFolderProblems(flyEnv.MEDIA_DIR, { dataDir, fuseDir, exec }));
  const expectedDatabase = fuseDir && proxy.db ? path.posix.join(fuseDir, proxy.db) : undefined;
  if (flyEnv.DATABASE_PATH !== expectedDatabase) {
    problems.push(
      `fly.toml: env.DATABASE_PATH ${flyEnv.DATABASE_PATH} is not litefs.yml fuse.dir + proxy.db (${expectedDatabase})`,
    );
  }
  if (!/^\d+$/.test(String(flyEnv.TRUST_PROXY ?? ""))) {
    problems.push(
      `fly.toml: env.TRUST_PROXY ${flyEnv.TRUST_PROXY} must count proxy hops ("1" for Fly's edge); other values let a client choose its own address for rate limits`,
    );
  }
  if (!["SIGTERM", "SIGINT"].includes(fly.kill_signal ?? "SIGINT")) {
    problems.push(`fly.toml: kill_signal ${fly.kill_signal} does not start a graceful shutdown`);
  }
  const graceMs = Number(flyEnv.SHUTDOWN_GRACE_MS ?? DEFAULT_SHUTDOWN_GRACE_MS);
  const killTimeout = durationSeconds(fly.kill_timeout ?? 5);
  if (killTimeout === undefined || !(killTimeout * 1000 > graceMs)) {
    problems.push(
      `fly.toml: kill_timeout ${fly.kill_timeout ?? "5s"} must exceed the app's shutdown grace (${graceMs} ms)`,
    );
  }

  // The Dockerfile stage fly.toml builds
  const targetName = fly.build?.["build-target"];
  const defaultTarget = stages.at(-1)?.name;
  if (!targetName || !stages.some((stage) => stage.name === targetName)) {
    problems.push(`fly.toml: build.build-target ${targetName} is not a Dockerfile stage`);
    return problems;
  }
  const target = describeStage(stages, targetName);
  const runtime = describeStage(stages, defaultTarget);
  if (JSON.stringify(target.cmd) !== JSON.stringify(["litefs", "mount"])) {
    problems.push(`Dockerfile: stage ${targetName} must run CMD ["litefs", "mount"]`);
  }
  if (
    !target.copies.some(
      (copy) => copy.sources.includes("litefs.yml") && copy.dest === "/etc/litefs.yml",
    )
  ) {
    problems.push(`Dockerfile: stage ${targetName} must COPY litefs.yml to /etc/litefs.yml`);
  }
  if (
    !target.copies.some(
      (copy) => /^flyio\/litefs:/.test(copy.from ?? "") && copy.dest === "/usr/local/bin/litefs",
    )
  ) {
    problems.push(`Dockerfile: stage ${targetName} must COPY the litefs binary from flyio/litefs`);
  }
  if (!target.runs.some((run) => /apt-get install[^&]*\bfuse3\b/.test(run))) {
    problems.push(`Dockerfile: stage ${targetName} must install fuse3`);
  }
  for (const name of ["PORT", "DATABASE_PATH", "LITEFS_DIR", "MEDIA_DIR"]) {
    if (target.env[name] !== undefined && target.env[name] !== String(flyEnv[name])) {
      problems.push(
        `Dockerfile: stage ${targetName} sets ${name}=${target.env[name]}, fly.toml ${flyEnv[name]}`,
      );
    }
  }
  problems.push(...heapProblems(target.env, fly.vm, targetName));
  if (proxyPort === undefined || !target.exposed.includes(proxyPort)) {
    problems.push(`Dockerfile: stage ${targetName} must EXPOSE the proxy port ${proxyPort}`);
  }
  const appArgs = shellWords(appCommand ?? "").slice(dropsRoot ? -(runtime.cmd?.length ?? 0) : 0);
  if (JSON.stringify(appArgs) !== JSON.stringify(runtime.cmd)) {
    problems.push(
      `litefs.yml: exec must start the app as the default image does (${(runtime.cmd ?? []).join(" ")})`,
    );
  }
  if (stagesNeededFor(stages).has(targetName)) {
    problems.push(`Dockerfile: the default target must not need stage ${targetName} (FUSE, root)`);
  }
  return problems;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const read = (name: string) => fs.readFileSync(path.join(root, name), "utf8");
  const problems = checkDeployConfig({
    dockerfile: read("Dockerfile"),
    flyToml: read("fly.toml"),
    litefsYml: read("litefs.yml"),
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`- ${problem}`);
    console.error(`check-deploy-config: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(
    "check-deploy-config: fly.toml, litefs.yml and the Dockerfile agree (ports, mounts, DATABASE_PATH, LITEFS_DIR, MEDIA_DIR, start command, shutdown timing)",
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
