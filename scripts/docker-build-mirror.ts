// Performs the Dockerfile's steps without a container engine, then starts the image it builds and
// checks it as the HEALTHCHECK and a first visitor would: `node scripts/docker-build-mirror.ts`.
//
// Like BuildKit, it builds only the stages the default target needs, each in a folder of its own
// that stands in for its filesystem: WORKDIR, COPY and RUN paths map into it. COPY reads the
// working tree minus .dockerignore, or an earlier stage's folder; RUN runs with the stage's ENV.
// This machine stands in for the base image (its Node, which must be the image's major version,
// and its compilers), so the lines that set up the base system are skipped: apt-get, and folders
// outside the stage such as the volume's. The final stage runs as an unprivileged user that can
// write nowhere but its volume, as `docker run --read-only` would.
import crypto from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  execForm,
  parseDockerfile,
  parseDuration,
  shellWords,
  splitFlags,
  stagesNeededFor,
  stagesOf,
  type Instruction,
  type Stage,
} from "./lib/dockerfile.ts";
import {
  freePort,
  makeScratchDirectory,
  onCleanUp,
  projectRoot,
  runScript,
  startChild,
  stopProcess,
  waitUntilAnswering,
  type Child,
} from "./lib/production-server.ts";

/** A stage as built: the folder standing in for its filesystem, and its container's settings. */
type Image = {
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  volumes: string[];
  healthcheck?: { argv: string[]; timeoutMs: number };
  cmd?: string[];
};

// A Docker build sees none of this machine's variables, but a stage's npm needs those for the
// network and its cache. Left out: what npm sets for the script running this (a stage's `npm ci`
// would install into this repository, or leave out dev dependencies), NODE_ENV and NODE_OPTIONS.
const NPM_SCRIPT_VARIABLE =
  /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_(local_prefix|prefix|omit|include|production|only|dev|also)$)/i;
const BUILD_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !NPM_SCRIPT_VARIABLE.test(key) && !["NODE_ENV", "NODE_OPTIONS", "INIT_CWD"].includes(key),
  ),
);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[mirror] ${message}`);

const scratch = makeScratchDirectory("docker-build-mirror-");
const images = new Map<string, Image>();
const ignored = readDockerignore();

await runScript(async () => {
  const dockerfile = fs.readFileSync(path.join(projectRoot, "Dockerfile"), "utf8");
  const stages = stagesOf(parseDockerfile(dockerfile));
  const needed = stagesNeededFor(stages);
  for (const stage of stages) {
    if (needed.has(stage.name)) images.set(stage.name, await build(stage));
    else log(`stage ${stage.name}: not built, the default target does not need it`);
  }
  const final = images.get(stages.at(-1)?.name ?? "");
  if (!final) throw new Error("the Dockerfile has no stage");
  checkDependencies(final);
  await startAndCheck(final);
  log(
    `docker-build-mirror: OK in ${elapsed()} (build, no devDependencies, started unprivileged ` +
      "with only the volume writable, /healthz, HEALTHCHECK, /, POST /contact)",
  );
  return 0;
});

async function build(stage: Stage) {
  const image = startStage(stage);
  for (const instruction of stage.instructions) {
    const { keyword, args, line } = instruction;
    log(`${stage.name}: ${instruction.text.slice(0, 100)}`);
    // The shell expands variables in RUN, CMD and HEALTHCHECK; elsewhere Docker does, and this does not.
    if (!["RUN", "CMD", "HEALTHCHECK"].includes(keyword) && /\$\{?\w/.test(args)) {
      throw new Error(`line ${line}: variables in ${keyword} are not mirrored`);
    }
    if (keyword === "WORKDIR") {
      image.workdir = path.posix.resolve(image.workdir, args);
      fs.mkdirSync(inImage(image, "."), { recursive: true });
    } else if (keyword === "ENV") {
      for (const word of shellWords(args)) {
        const at = word.indexOf("=");
        if (at < 1) throw new Error(`line ${line}: only ENV key=value is mirrored`);
        image.env[word.slice(0, at)] = word.slice(at + 1);
      }
    } else if (keyword === "COPY") {
      copy(image, instruction);
    } else if (keyword === "RUN") {
      await run(image, instruction);
    } else if (keyword === "USER") {
      image.user = args;
    } else if (keyword === "VOLUME") {
      const volumes = execForm(args) ?? shellWords(args);
      image.volumes.push(...volumes.map((volume) => path.posix.resolve("/", volume)));
    } else if (keyword === "HEALTHCHECK") {
      const { flags, rest } = splitFlags(args);
      const command = /^CMD\s+([\s\S]+)$/i.exec(rest)?.[1];
      if (!command) throw new Error(`line ${line}: only HEALTHCHECK CMD is mirrored`);
      const argv = execForm(command) ?? ["/bin/sh", "-c", command];
      image.healthcheck = { argv, timeoutMs: parseDuration(flags.timeout, 30_000) };
    } else if (keyword === "CMD") {
      image.cmd = execForm(args);
      // Under `/bin/sh -c`, the server would never see `docker stop`'s SIGTERM.
      if (!image.cmd) throw new Error(`line ${line}: CMD must be in exec form`);
    } else if (keyword !== "EXPOSE") {
      throw new Error(`line ${line}: ${keyword} is not mirrored`);
    }
  }
  return image;
}

function startStage(stage: Stage): Image {
  const root = path.join(scratch, stage.name);
  const parent = images.get(stage.base);
  log(`stage ${stage.name}: FROM ${stage.base}`);
  if (parent) {
    fs.cpSync(parent.root, root, { recursive: true, verbatimSymlinks: true });
    return { ...parent, root, env: { ...parent.env }, volumes: [...parent.volumes] };
  }
  // Another Node would build and start something the image never runs.
  const imageMajor = /^node:(\d+)/.exec(stage.base)?.[1];
  const ownMajor = process.versions.node.split(".")[0];
  if (imageMajor !== ownMajor) {
    throw new Error(`${stage.from.text}: this machine's Node ${process.version} cannot stand in`);
  }
  log(`  this machine's Node ${process.version} stands in for ${stage.base}`);
  fs.mkdirSync(root);
  return { root, workdir: "/", env: {}, user: "root", volumes: [] };
}

/** Where a path in the image is in its stand-in folder. */
function inImage(image: Image, imagePath: string, from = image.workdir) {
  return path.join(image.root, path.posix.resolve(from, imagePath));
}

function isFolder(file: string) {
  return fs.existsSync(file) && fs.statSync(file).isDirectory();
}

function copy(image: Image, { line, args }: Instruction) {
  const { flags, rest } = splitFlags(args);
  const sources = execForm(rest) ?? shellWords(rest);
  const destination = sources.pop();
  const fromStage = flags.from === undefined ? undefined : images.get(flags.from);
  if (!destination || sources.length === 0) {
    throw new Error(`line ${line}: COPY needs a source and a destination`);
  }
  if (flags.from !== undefined && !fromStage) {
    throw new Error(`line ${line}: --from=${flags.from} is not an earlier stage`);
  }
  const target = inImage(image, destination);
  const intoFolder =
    destination.endsWith("/") || destination === "." || sources.length > 1 || isFolder(target);
  for (const source of sources) {
    const relative = path.posix.normalize(source.replace(/^\/+/, ""));
    // Docker would not find it: it lies outside the build context, or .dockerignore leaves it out.
    if (!fromStage && (relative.startsWith("..") || (relative !== "." && ignored(relative)))) {
      throw new Error(`line ${line}: ${source} is not in the build context`);
    }
    const origin = fromStage ? inImage(fromStage, source, "/") : path.join(projectRoot, relative);
    if (!fs.existsSync(origin)) throw new Error(`line ${line}: ${source} does not exist`);
    // Docker copies a folder's contents, and a file into a folder under its own name.
    const copyTo =
      isFolder(origin) || !intoFolder ? target : path.join(target, path.basename(origin));
    fs.cpSync(origin, copyTo, {
      recursive: true,
      verbatimSymlinks: true,
      filter: fromStage ? undefined : (file) => !ignored(path.relative(projectRoot, file)),
    });
  }
}

async function run(image: Image, { line, args, text }: Instruction) {
  if (setsUpBaseSystem(args)) {
    log("  skipped: it sets up the base system, for which this machine stands in");
    return;
  }
  // Run here, as root, a command on an absolute path would change this machine.
  const words = shellWords(args.replace(/&&|\|\||;|\|/g, " "));
  if (words.some((word) => word.startsWith("/"))) throw new Error(`line ${line}: absolute path`);
  const argv = execForm(args) ?? ["/bin/sh", "-c", args];
  const options = { cwd: inImage(image, "."), env: { ...BUILD_ENV, ...image.env } };
  const { code, child } = await runToEnd(argv, options);
  if (code !== 0) throw new Error(`line ${line}: ${text} exited with ${code}:\n${tail(child, 60)}`);
  log(`  done, ${elapsed()} in all`);
}

/** Installing Debian packages, or making and handing over folders outside the stage's app. */
function setsUpBaseSystem(command: string) {
  if (/(^|[\s;&|])apt-get\s/.test(command)) return true;
  return command.split(/&&|;/).every((segment) => {
    const [name = "", ...words] = shellWords(segment);
    const paths = words.filter((word) => !word.startsWith("-")).slice(name === "mkdir" ? 0 : 1);
    return (
      ["mkdir", "chown", "chmod"].includes(name) &&
      paths.length > 0 &&
      paths.every((word) => word.startsWith("/"))
    );
  });
}

/** .dockerignore as Docker reads it: patterns match from the context's root, and below a folder. */
function readDockerignore() {
  const file = path.join(projectRoot, ".dockerignore");
  const patterns = (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "")
    .split(/\r?\n/)
    .map((pattern) => pattern.trim())
    .filter((pattern) => pattern !== "" && !pattern.startsWith("#"));
  if (patterns.some((pattern) => pattern.startsWith("!"))) {
    throw new Error(".dockerignore: exceptions (!pattern) are not mirrored");
  }
  const wildcards: Record<string, string> = {
    "**/": "(.*/)?",
    "**": ".*",
    "*": "[^/]*",
    "?": "[^/]",
  };
  const expressions = patterns.map((pattern) => {
    const glob = path.posix.normalize(pattern.replace(/^\/+|\/+$/g, ""));
    const source = glob.replace(
      /\*\*\/|\*\*|\*|\?|[.+^${}()|[\]\\]/g,
      (token) => wildcards[token] ?? `\\${token}`,
    );
    return new RegExp(`^${source}(/.*)?$`);
  });
  return (relativePath: string) => expressions.some((expression) => expression.test(relativePath));
}

/** The final node_modules: every dependency, better-sqlite3's native addon, no development tool. */
function checkDependencies(final: Image) {
  const modules = inImage(final, "node_modules");
  const readJson = (name: string): unknown =>
    JSON.parse(fs.readFileSync(path.join(projectRoot, name), "utf8"));
  const manifest = readJson("package.json") as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const lock = readJson("package-lock.json") as { packages?: Record<string, { dev?: boolean }> };
  // Only what the lockfile marks dev-only must be absent (production dependencies pull in some
  // development tools too), and the build tools, whatever pulls them in.
  const devOnly = Object.keys(manifest.devDependencies ?? {}).filter(
    (name) => lock.packages?.[`node_modules/${name}`]?.dev === true,
  );
  const present = [...new Set([...devOnly, "vite", "vitest"])].filter((name) =>
    fs.existsSync(path.join(modules, name)),
  );
  if (present.length > 0) throw new Error(`final stage: dev packages ${present.join(", ")}`);
  const dependencies = Object.keys(manifest.dependencies ?? {});
  const missing = dependencies.filter((name) => !fs.existsSync(path.join(modules, name)));
  if (missing.length > 0) throw new Error(`final stage: no ${missing.join(", ")}`);
  // A prebuilt addon for the platform, or one compiled at install (build/Release).
  const sqlite = path.join(modules, "better-sqlite3");
  const addon = [`prebuilds/linux-${process.arch}.node`, "build/Release/better_sqlite3.node"].find(
    (file) => fs.existsSync(path.join(sqlite, file)),
  );
  if (!addon) throw new Error("final stage: better-sqlite3 has no addon for this platform");
  log(
    `final node_modules: ${dependencies.length} dependencies (better-sqlite3: ${addon}), none of ${devOnly.length} dev-only packages`,
  );
}

async function startAndCheck(final: Image) {
  const { cmd, healthcheck, user, volumes, env } = final;
  const databasePath = env.DATABASE_PATH ?? "";
  const volume = volumes.find((folder) => databasePath.startsWith(`${folder}/`));
  if (!cmd) throw new Error("the final stage has no CMD");
  if (!healthcheck) throw new Error("the final stage has no HEALTHCHECK");
  if (/^(root|0)(:|$)/.test(user)) throw new Error(`the final stage runs as ${user}`);
  if (!volume) throw new Error(`DATABASE_PATH ${databasePath || "(unset)"} is not on a VOLUME`);

  const volumeFolder = path.join(scratch, "volume");
  fs.mkdirSync(volumeFolder);
  const databaseFile = path.join(volumeFolder, path.posix.relative(volume, databasePath));
  // The base image's `node`: this machine's, copied where the unprivileged user may run it (a
  // Node that npx fetched lives under /root, which nobody may enter).
  const bin = path.join(scratch, "bin");
  fs.mkdirSync(bin);
  fs.copyFileSync(process.execPath, path.join(bin, "node"));
  fs.chmodSync(path.join(bin, "node"), 0o755);
  const port = await freePort();
  const options = {
    cwd: inImage(final, "."),
    env: {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
      ...env,
      PORT: String(port),
      DATABASE_PATH: databaseFile,
      SESSION_SECRET: crypto.randomBytes(36).toString("base64url"),
    },
    ...writableOnly(volumeFolder, final),
  };
  log(`starting CMD ${JSON.stringify(cmd)} as USER ${user} would, with only ${volume} writable`);
  const [command = "", ...args] = cmd;
  const server = startChild(command, args, options);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/healthz`, server, "The server");
    log("GET /healthz -> 200");

    const timeout = { timeout: healthcheck.timeoutMs, killSignal: "SIGKILL" } as const;
    const check = await runToEnd(healthcheck.argv, { ...options, ...timeout });
    if (check.code !== 0) {
      throw new Error(`the HEALTHCHECK exited with ${check.code}:\n${tail(check.child, 20)}`);
    }
    log("HEALTHCHECK command -> exit 0");

    const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
    await home.arrayBuffer();
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}:\n${tail(server, 40)}`);
    if (!fs.existsSync(databaseFile)) throw new Error(`no database at ${databasePath}`);
    log(`GET / -> 200; the database is on the volume (${databasePath})`);

    const contact = await fetch(`${base}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({
        fullName: "Mirror Check",
        email: "mirror-check@example.org",
        message: "A contact message sent by the Dockerfile mirror after the server started.",
      }),
      signal: AbortSignal.timeout(5000),
    });
    if (contact.status !== 302 && contact.status !== 303) {
      throw new Error(`POST /contact answered ${contact.status}:\n${tail(server, 40)}`);
    }
    // The outbox worker writes the email to the local outbox folder at its next poll.
    const outbox = path.join(path.dirname(databaseFile), "outbox");
    const emailWritten = () => fs.existsSync(outbox) && fs.readdirSync(outbox).length > 0;
    for (let waited = 0; !emailWritten() && waited < 10_000; waited += 200) await sleep(200);
    if (!emailWritten()) throw new Error(`no email in ${outbox} within 10 s:\n${tail(server, 40)}`);
    log(`POST /contact -> ${contact.status}; its email is in the outbox on the volume`);
  } finally {
    await stopProcess(server);
    log(
      server.signalCode === "SIGKILL" ? "server killed: SIGTERM did not stop it" : "server stopped",
    );
  }
}

/**
 * Lets the server write nowhere but the volume. Root may write anywhere, so as root it runs as
 * `nobody`; otherwise the stage's files lose their write bits until clean-up.
 */
function writableOnly(volumeFolder: string, final: Image) {
  if (process.getuid?.() !== 0) {
    const chmod = (mode: string) => spawnSync("chmod", ["-R", mode, final.root]);
    chmod("a-w");
    onCleanUp(() => chmod("u+w"));
    return {};
  }
  const nobody = /^nobody:[^:]*:(\d+):(\d+):/m.exec(fs.readFileSync("/etc/passwd", "utf8"));
  if (!nobody) throw new Error("no `nobody` user on this machine to stand in for USER");
  const [uid, gid] = [Number(nobody[1]), Number(nobody[2])];
  // mkdtemp made the scratch folder root's alone.
  fs.chmodSync(scratch, 0o755);
  fs.chownSync(volumeFolder, uid, gid);
  return { uid, gid };
}

/** Runs a command to its end; `code` is null when a signal ended it. */
async function runToEnd(
  [command = "", ...args]: string[],
  options: Parameters<typeof startChild>[2],
) {
  const child = startChild(command, args, options);
  const code = await new Promise<number | null>((resolve) => {
    child.once("close", resolve);
    child.once("error", () => resolve(127));
  });
  return { code, child };
}

function tail(child: Child, lines: number) {
  return `    | ${child.recentOutput.slice(-lines).join("\n    | ")}`;
}
