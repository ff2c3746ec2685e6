#!/usr/bin/env node
// Performs the Dockerfile's steps without a Docker engine, then starts the final stage and
// checks it the way the container's HEALTHCHECK and a first visitor would.
//
//   node scripts/docker-build-mirror.js [--keep] [--verbose] [--scratch DIR]
//
// Every stage gets its own root folder (SCRATCH/<stage>/); WORKDIR, COPY and RUN paths map into
// it, so `WORKDIR /app` becomes SCRATCH/<stage>/app. `COPY src dest` reads the working tree and
// honours .dockerignore; `COPY --from=stage` reads that stage's folder. RUN executes with the
// stage's ENV, except system-package (apt-get) and system-path (mkdir/chown/useradd on absolute
// paths) lines, which are skipped with a note: this machine's toolchain stands in for them.
// Only the Node standard library is used.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DockerfileError,
  execForm,
  parseDockerfile,
  parseDuration,
  shellWords,
  splitFlags,
  stagesNeededFor,
  stagesOf,
} from "./lib/dockerfile.js";
import { freePort } from "./lib/production-server.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HEALTH_WAIT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const SUPPORTED =
  "FROM ... AS, WORKDIR, ENV, COPY [--from], RUN, USER, VOLUME, EXPOSE, HEALTHCHECK, CMD";

class MirrorError extends Error {}

// ---------------------------------------------------------------------------------------------
// Output

const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const log = (message) => console.log(`[mirror] ${message}`);
const note = (message) => console.log(`[mirror]   ${message}`);

function tail(text, lines) {
  return text
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .map((line) => `    | ${line}`)
    .join("\n");
}

/** The start and the end of a failed command's output (npm puts the cause first, usage last). */
function failureExcerpt(text) {
  const lines = text.trimEnd().split("\n");
  if (lines.length <= 60) return tail(text, 60);
  return `${tail(lines.slice(0, 25).join("\n"), 25)}\n    | ... (${lines.length - 50} lines)\n${tail(text, 25)}`;
}

function hintFor(output) {
  if (/package\.json and package-lock\.json[\s\S]*in sync/.test(output)) {
    return (
      ". package-lock.json is incomplete (the 'Missing:' lines above), so Docker's `npm ci` fails " +
      "the same way; `npm install` adds the entries when the registry has those versions"
    );
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const options = { keep: false, verbose: false, scratch: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--keep") options.keep = true;
    else if (arg === "--verbose") options.verbose = true;
    else if (arg === "--scratch") options.scratch = argv[++i];
    else if (arg.startsWith("--scratch=")) options.scratch = arg.slice("--scratch=".length);
    else if (arg === "--help" || arg === "-h") {
      console.log(
        "Usage: node scripts/docker-build-mirror.js [--keep] [--verbose] [--scratch DIR]\n" +
          "  --keep        keep the scratch folder (printed at the end)\n" +
          "  --verbose     stream every RUN command's output\n" +
          "  --scratch DIR use DIR (must be empty or absent) instead of a fresh temporary folder",
      );
      process.exit(0);
    } else throw new MirrorError(`unknown argument ${arg} (try --help)`);
  }
  if (options.scratch === "") throw new MirrorError("--scratch needs a folder");
  return options;
}

// ---------------------------------------------------------------------------------------------
// Dockerfile parsing

function rejectVariables(instruction) {
  if (/\$\{?\w/.test(instruction.args)) {
    throw new MirrorError(
      `line ${instruction.line}: variable expansion in ${instruction.keyword} is not mirrored: ${instruction.text}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// .dockerignore

function globToRegExp(glob) {
  let source = "";
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i];
    if (ch === "*" && glob[i + 1] === "*") {
      if (glob[i + 2] === "/") {
        source += "(?:.*/)?";
        i += 2;
      } else {
        source += ".*";
        i += 1;
      }
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function loadDockerignore(contextDir) {
  const file = path.join(contextDir, ".dockerignore");
  const rules = [];
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
      let pattern = raw.trim();
      if (pattern === "" || pattern.startsWith("#")) continue;
      const negate = pattern.startsWith("!");
      if (negate) pattern = pattern.slice(1).trim();
      pattern = path.posix.normalize(pattern.replace(/^\/+/, "").replace(/\/+$/, ""));
      if (pattern === "." || pattern === "") continue;
      rules.push({ negate, regexp: globToRegExp(pattern) });
    }
  }
  const hasNegation = rules.some((rule) => rule.negate);
  /** True when the context-relative path (posix) is excluded; a pattern also excludes what lies below it. */
  const isIgnored = (relPath) => {
    const parts = relPath.split("/");
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    let ignored = false;
    for (const rule of rules) {
      if (prefixes.some((prefix) => rule.regexp.test(prefix))) ignored = !rule.negate;
    }
    return ignored;
  };
  return { isIgnored, hasNegation, count: rules.length };
}

// ---------------------------------------------------------------------------------------------
// File system helpers

/** Maps a path inside a stage's image to the host folder standing in for it. */
function hostPath(stage, containerPath, base = stage.workdir) {
  return path.join(stage.root, path.posix.resolve(base, containerPath));
}

function copyFromContext(ignore, contextDir, relPath, dest, counter) {
  const source = relPath === "" ? contextDir : path.join(contextDir, relPath);
  const stat = fs.lstatSync(source);
  if (stat.isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
      const childRel = relPath === "" ? entry.name : `${relPath}/${entry.name}`;
      const ignored = ignore.isIgnored(childRel);
      if (ignored && !(entry.isDirectory() && ignore.hasNegation)) continue;
      copyFromContext(ignore, contextDir, childRel, path.join(dest, entry.name), counter);
    }
    // A folder kept only to look for re-included files below it stays out if nothing was.
    if (ignore.isIgnored(relPath) && fs.readdirSync(dest).length === 0) fs.rmdirSync(dest);
    return;
  }
  if (relPath !== "" && ignore.isIgnored(relPath)) return;
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.rmSync(dest, { force: true, recursive: true });
  if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), dest);
  else if (stat.isFile()) fs.copyFileSync(source, dest);
  else return; // sockets, fifos: not part of an image
  counter.files += 1;
}

function countFiles(dir) {
  let count = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) stack.push(path.join(current, entry.name));
      else count += 1;
    }
  }
  return count;
}

function onPath(command) {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, command), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

// ---------------------------------------------------------------------------------------------
// Environment

// Variables npm sets for a running script: they must not leak into the stages (a stage's
// `npm ci` would otherwise install into this repository's prefix, or omit dev dependencies).
const NPM_SCRIPT_VARIABLES =
  /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_(local_prefix|prefix|omit|include|production|only|dev|also)$)/i;
// Variables the app reads: a Docker build does not see the host's, so neither do the stages.
const APP_VARIABLES = new Set([
  "NODE_ENV",
  "NODE_OPTIONS",
  "INIT_CWD",
  "PORT",
  "DATABASE_PATH",
  "SITE_URL",
  "SESSION_SECRET",
  "SMTP_URL",
  "MAIL_FROM",
  "ADMIN_EMAILS",
  "SEED_DEMO_CONTENT",
  "BRAND_NAME",
  "CONTACT_EMAIL",
  "CONTACT_PHONE",
  "CONTACT_ADDRESS",
]);

/** The host's environment (PATH, HOME, npm cache and registry settings) without app or script variables. */
function hostEnvironment() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (APP_VARIABLES.has(key) || NPM_SCRIPT_VARIABLES.test(key) || /^VITEST/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// Processes

function runCommand(file, args, { cwd, env, verbose, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd,
      env,
      stdio: verbose ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill("SIGKILL");
        }, timeoutMs)
      : undefined;
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${output}\n${error.message}`, timedOut });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output, timedOut });
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function httpStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return `error: ${error.cause?.code ?? error.message}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The build

const SYSTEM_PATH_COMMANDS = new Set([
  "mkdir",
  "chown",
  "chmod",
  "useradd",
  "groupadd",
  "usermod",
  "adduser",
  "addgroup",
]);

/** Why a RUN line is skipped, or undefined when it runs. */
function skipReason(command) {
  if (/(^|[\s;&|])(apt-get|apt)\s/.test(command)) {
    return "installs Debian packages with apt-get; this machine's own toolchain stands in for them";
  }
  const segments = command
    .split(/&&|\|\||;/)
    .map((segment) => segment.trim())
    .filter(Boolean);
  const systemPaths = [];
  const allSystem = segments.every((segment) => {
    const [name, ...rest] = shellWords(segment);
    if (!SYSTEM_PATH_COMMANDS.has(name)) return false;
    if (["useradd", "groupadd", "usermod", "adduser", "addgroup"].includes(name)) {
      systemPaths.push("/etc/passwd");
      return true;
    }
    let operands = rest.filter((word) => !word.startsWith("-"));
    if (name === "chown" || name === "chmod") operands = operands.slice(1);
    if (operands.length === 0 || !operands.every((word) => word.startsWith("/"))) return false;
    systemPaths.push(...operands);
    return true;
  });
  if (allSystem && segments.length > 0) {
    const paths = [...new Set(systemPaths)].join(", ");
    return `addresses absolute system paths outside the stage root (${paths}); the host's user and a scratch folder stand in for them`;
  }
  return undefined;
}

function checkToolchain(command) {
  const match = /apt-get\s+install\s+([^&;|]*)/.exec(command);
  if (!match) return;
  const packages = shellWords(match[1]).filter((word) => !word.startsWith("-"));
  const commandFor = { "build-essential": "make", "python3-minimal": "python3" };
  const missing = packages.filter((pkg) => !onPath(commandFor[pkg] ?? pkg));
  if (missing.length > 0) {
    throw new MirrorError(
      `the apt packages ${missing.join(", ")} have no stand-in on this machine (not on PATH); install them (apt-get install ${missing.join(" ")}) and retry`,
    );
  }
  note(`stand-ins found on PATH: ${packages.join(", ")}`);
}

async function build(instructions, { scratch, verbose }) {
  const stages = new Map();
  const ignore = loadDockerignore(REPO_ROOT);
  const baseEnv = hostEnvironment();
  let stage;
  let index = 0;

  for (const instruction of instructions) {
    index += 1;
    const label = `#${index} ${instruction.text.length > 110 ? `${instruction.text.slice(0, 107)}...` : instruction.text}`;
    const { keyword, args } = instruction;
    if (keyword !== "FROM" && !stage) {
      throw new MirrorError(`line ${instruction.line}: ${keyword} before any FROM`);
    }
    const started = Date.now();

    switch (keyword) {
      case "FROM": {
        const { rest } = splitFlags(args);
        const words = shellWords(rest);
        const image = words[0];
        const name = words[1]?.toLowerCase() === "as" ? words[2] : `stage-${stages.size}`;
        if (!image || !name)
          throw new MirrorError(`line ${instruction.line}: cannot read ${instruction.text}`);
        if (stages.has(name))
          throw new MirrorError(`line ${instruction.line}: stage ${name} defined twice`);
        const parent = stages.get(image);
        const root = path.join(scratch, name);
        fs.mkdirSync(root, { recursive: true });
        stage = {
          name,
          root,
          env: parent ? { ...parent.env } : {},
          workdir: parent ? parent.workdir : "/",
          user: parent ? parent.user : "root",
          volumes: [],
          exposed: [],
          healthcheck: parent?.healthcheck,
          cmd: parent?.cmd,
        };
        if (parent) {
          fs.cpSync(parent.root, root, { recursive: true, verbatimSymlinks: true });
          stage.volumes = [...parent.volumes];
          stage.exposed = [...parent.exposed];
        }
        stages.set(name, stage);
        log(
          `stage ${name}: ${label} -> ${path.relative(scratch, root)}/${parent ? ` (from stage ${parent.name})` : " (base image: this machine's Node stands in)"}`,
        );
        if (!parent) {
          // A stand-in of another major would build and start something the image never runs.
          const imageMajor = /^node:(\d+)/.exec(image)?.[1];
          const hostMajor = process.versions.node.split(".")[0];
          if (imageMajor && imageMajor !== hostMajor) {
            throw new MirrorError(
              `line ${instruction.line}: ${image} runs Node ${imageMajor}, this machine Node ${hostMajor}: run the mirror with Node ${imageMajor} (scripts/node24.sh)`,
            );
          }
          note(`host node ${process.version} stands in for ${image}`);
        }
        break;
      }
      case "WORKDIR": {
        rejectVariables(instruction);
        stage.workdir = path.posix.resolve(stage.workdir, args);
        fs.mkdirSync(hostPath(stage, "."), { recursive: true });
        log(`${stage.name}: ${label} -> ${path.relative(scratch, hostPath(stage, "."))}`);
        break;
      }
      case "ENV": {
        rejectVariables(instruction);
        const words = shellWords(args);
        if (words.length > 0 && !words[0].includes("=")) {
          stage.env[words[0]] = args.slice(args.indexOf(words[0]) + words[0].length).trim();
        } else {
          for (const word of words) {
            const at = word.indexOf("=");
            stage.env[word.slice(0, at)] = word.slice(at + 1);
          }
        }
        log(`${stage.name}: ${label}`);
        break;
      }
      case "COPY": {
        rejectVariables(instruction);
        const { flags, rest } = splitFlags(args);
        const parts = execForm(rest) ?? shellWords(rest);
        if (parts.length < 2)
          throw new MirrorError(`line ${instruction.line}: COPY needs a source and a destination`);
        const sources = parts.slice(0, -1);
        const destArg = parts[parts.length - 1];
        const dest = hostPath(stage, destArg);
        const intoFolder =
          destArg.endsWith("/") ||
          sources.length > 1 ||
          destArg === "." ||
          (fs.existsSync(dest) && fs.statSync(dest).isDirectory());
        const counter = { files: 0 };
        const fromStage = flags.from ? stages.get(flags.from) : undefined;
        if (flags.from && !fromStage) {
          throw new MirrorError(
            `line ${instruction.line}: --from=${flags.from} is not an earlier stage (images are not mirrored)`,
          );
        }
        for (const source of sources) {
          if (/[*?[]/.test(source))
            throw new MirrorError(
              `line ${instruction.line}: wildcards in COPY are not mirrored: ${source}`,
            );
          let sourcePath;
          if (fromStage) {
            sourcePath = path.join(fromStage.root, path.posix.resolve("/", source));
          } else {
            const rel = path.posix.normalize(source.replace(/^\/+/, ""));
            if (rel.startsWith(".."))
              throw new MirrorError(
                `line ${instruction.line}: ${source} lies outside the build context`,
              );
            if (rel !== "." && ignore.isIgnored(rel)) {
              throw new MirrorError(
                `line ${instruction.line}: ${source} is excluded by .dockerignore, so Docker would not find it`,
              );
            }
            sourcePath = path.join(REPO_ROOT, rel === "." ? "" : rel);
          }
          if (!fs.existsSync(sourcePath)) {
            throw new MirrorError(
              `line ${instruction.line}: COPY source ${source} not found${fromStage ? ` in stage ${fromStage.name}` : " in the build context"}`,
            );
          }
          const isDir = fs.statSync(sourcePath).isDirectory();
          // Docker copies a folder's contents, and a file into a folder destination by its name.
          const target = isDir || !intoFolder ? dest : path.join(dest, path.basename(sourcePath));
          if (fromStage) {
            fs.mkdirSync(path.dirname(target), { recursive: true });
            fs.cpSync(sourcePath, target, { recursive: true, verbatimSymlinks: true, force: true });
            counter.files += isDir ? countFiles(sourcePath) : 1;
          } else {
            const rel = path.relative(REPO_ROOT, sourcePath).split(path.sep).join("/");
            copyFromContext(ignore, REPO_ROOT, rel, target, counter);
          }
        }
        const extras = Object.keys(flags).filter((flag) => flag !== "from");
        log(
          `${stage.name}: ${label} (${counter.files} file${counter.files === 1 ? "" : "s"}${fromStage ? "" : `, .dockerignore: ${ignore.count} patterns`}${extras.length ? `; --${extras.join(", --")} recorded, not applied` : ""})`,
        );
        break;
      }
      case "RUN": {
        const argv = execForm(args);
        const command = argv ? argv.join(" ") : args;
        const reason = skipReason(command);
        if (reason) {
          log(`${stage.name}: ${label}`);
          note(`SKIPPED: ${reason}`);
          if (/apt-get\s+install/.test(command)) checkToolchain(command);
          break;
        }
        const absolute = shellWords(command.replace(/&&|\|\||;|\|/g, " ")).find((word) =>
          word.startsWith("/"),
        );
        if (absolute) {
          throw new MirrorError(
            `line ${instruction.line}: RUN addresses the absolute path ${absolute}; mirroring it would touch this machine outside the scratch folder: ${instruction.text}`,
          );
        }
        const cwd = hostPath(stage, ".");
        log(`${stage.name}: ${label} (in ${path.relative(scratch, cwd)}) ...`);
        const env = { ...baseEnv, ...stage.env };
        const result = argv
          ? await runCommand(argv[0], argv.slice(1), { cwd, env, verbose })
          : await runCommand("/bin/sh", ["-c", command], { cwd, env, verbose });
        if (result.code !== 0) {
          if (!verbose) console.log(failureExcerpt(result.output));
          throw new MirrorError(
            `line ${instruction.line}: ${instruction.text} exited with ${result.code}${hintFor(result.output)}`,
          );
        }
        if (!verbose && result.output.trim()) console.log(tail(result.output, 3));
        note(`done in ${seconds(Date.now() - started)}`);
        break;
      }
      case "USER":
        rejectVariables(instruction);
        stage.user = args;
        log(`${stage.name}: ${label} (recorded; processes here run as ${os.userInfo().username})`);
        break;
      case "VOLUME": {
        rejectVariables(instruction);
        const volumes = execForm(args) ?? shellWords(args);
        stage.volumes.push(...volumes.map((volume) => path.posix.resolve("/", volume)));
        log(`${stage.name}: ${label} (recorded)`);
        break;
      }
      case "EXPOSE":
        rejectVariables(instruction);
        stage.exposed.push(...shellWords(args));
        log(`${stage.name}: ${label} (recorded)`);
        break;
      case "HEALTHCHECK": {
        const { flags, rest } = splitFlags(args);
        if (/^NONE$/i.test(rest)) {
          stage.healthcheck = undefined;
        } else {
          const match = /^CMD\s+([\s\S]+)$/i.exec(rest);
          if (!match)
            throw new MirrorError(`line ${instruction.line}: HEALTHCHECK needs CMD or NONE`);
          const exec = execForm(match[1].trim());
          stage.healthcheck = {
            argv: exec ?? ["/bin/sh", "-c", match[1].trim()],
            timeoutMs: parseDuration(flags.timeout, 30_000),
            text: match[1].trim(),
          };
        }
        log(`${stage.name}: ${label.slice(0, 80)}... (recorded)`);
        break;
      }
      case "CMD": {
        const exec = execForm(args);
        if (!exec)
          note(
            "CMD in shell form: Docker would run it with /bin/sh -c and the server would not see signals",
          );
        stage.cmd = exec ?? ["/bin/sh", "-c", args];
        log(`${stage.name}: ${label} (recorded)`);
        break;
      }
      case "LABEL":
        log(`${stage.name}: ${label} (ignored)`);
        break;
      default:
        throw new MirrorError(
          `line ${instruction.line}: ${keyword} is not mirrored (supported: ${SUPPORTED})`,
        );
    }
  }
  if (!stage) throw new MirrorError("the Dockerfile has no FROM");
  return stage;
}

// ---------------------------------------------------------------------------------------------
// Checks on the final stage

function checkImagePolicy(final) {
  const problems = [];
  if (!final.cmd) problems.push("the final stage has no CMD");
  if (!final.healthcheck) problems.push("the final stage has no HEALTHCHECK");
  if (!final.user || final.user === "root" || final.user.split(":")[0] === "0") {
    problems.push(`the final stage runs as ${final.user || "root"}, not an unprivileged user`);
  }
  const databasePath = final.env.DATABASE_PATH;
  const volume = databasePath
    ? final.volumes.find((dir) => databasePath === dir || databasePath.startsWith(`${dir}/`))
    : undefined;
  if (!databasePath) problems.push("the final stage sets no DATABASE_PATH");
  else if (!volume)
    problems.push(
      `DATABASE_PATH ${databasePath} is not on a VOLUME (${final.volumes.join(", ") || "none"})`,
    );
  if (problems.length > 0) throw new MirrorError(problems.join("; "));
  log(
    `final stage ${final.name}: USER ${final.user}, VOLUME ${final.volumes.join(" ")}, EXPOSE ${final.exposed.join(" ") || "-"}, DATABASE_PATH ${databasePath}`,
  );
  return volume;
}

function checkDependencies(final) {
  const appDir = hostPath(final, ".");
  const modules = path.join(appDir, "node_modules");
  const lockPath = path.join(REPO_ROOT, "package-lock.json");
  const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
  // Only packages the lockfile marks dev-only must be absent: some dev tools are also pulled in
  // by production dependencies.
  const devOnly = Object.keys(pkg.devDependencies ?? {}).filter(
    (name) => lock.packages?.[`node_modules/${name}`]?.dev === true,
  );
  const present = devOnly.filter((name) => fs.existsSync(path.join(modules, name)));
  for (const required of ["vite", "vitest"]) {
    if (!devOnly.includes(required) && fs.existsSync(path.join(modules, required)))
      present.push(required);
  }
  if (present.length > 0) {
    throw new MirrorError(`devDependencies installed in the final stage: ${present.join(", ")}`);
  }
  const missing = Object.keys(pkg.dependencies ?? {}).filter(
    (name) => !fs.existsSync(path.join(modules, name)),
  );
  if (missing.length > 0)
    throw new MirrorError(`dependencies missing from the final stage: ${missing.join(", ")}`);
  // better-sqlite3 13 ships a prebuilt addon per platform; one compiled at install would be in
  // build/Release. The image's Debian (glibc) on this machine's CPU needs one or the other.
  const sqlite = path.join(modules, "better-sqlite3");
  const addons = [
    path.join(sqlite, "prebuilds", `linux-${process.arch}.node`),
    path.join(sqlite, "build", "Release", "better_sqlite3.node"),
  ].filter((file) => fs.existsSync(file));
  if (addons.length === 0)
    throw new MirrorError(
      "node_modules/better-sqlite3 has no addon for this platform in the final stage",
    );
  log(
    `final node_modules: ${Object.keys(pkg.dependencies ?? {}).length} dependencies present (better-sqlite3 addon: ${path.relative(sqlite, addons[0])}); ${devOnly.length} dev-only packages absent (vite, vitest among them)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Starting the final stage

/**
 * Makes everything but the volume unwritable for the server, as `USER node` with
 * `docker run --read-only` would: as root, by starting it as `nobody` (root may write anywhere);
 * otherwise by taking the write bits off the stage's files until it stops.
 */
function readOnlyExceptVolume(final, scratch, volumeHost) {
  const stageRoot = final.root;
  if (process.getuid?.() === 0) {
    const nobody = /^nobody:[^:]*:(\d+):(\d+):/m.exec(fs.readFileSync("/etc/passwd", "utf8"));
    if (!nobody) throw new MirrorError("no `nobody` user on this machine to stand in for USER");
    const [uid, gid] = [Number(nobody[1]), Number(nobody[2])];
    // mkdtemp makes the scratch folder private to root; the stand-in user must reach the app.
    fs.chmodSync(scratch, 0o755);
    fs.chownSync(volumeHost, uid, gid);
    return {
      credentials: { uid, gid },
      description: `running as nobody (uid ${uid}) for USER ${final.user}: only the volume is writable`,
      restore: () => {},
    };
  }
  const setWritable = (writable) =>
    spawnSyncChecked("chmod", ["-R", writable ? "u+w" : "a-w", stageRoot]);
  setWritable(false);
  return {
    credentials: {},
    description:
      "the stage's files are read-only while the server runs: only the volume is writable",
    restore: () => setWritable(true),
  };
}

function spawnSyncChecked(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new MirrorError(`${command} ${args.join(" ")} failed: ${result.stderr || result.error}`);
  }
}

/** A visitor's contact message: stored, and its email written by the local outbox on the volume. */
async function checkContactMessageIsStored(base, mailFolder, serverOutput) {
  const response = await fetch(`${base}/contact`, {
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
  if (![302, 303].includes(response.status)) {
    console.log(serverOutput());
    throw new MirrorError(`POST /contact answered ${response.status}, expected a redirect`);
  }
  const deadline = Date.now() + 10_000;
  const mailFiles = () => (fs.existsSync(mailFolder) ? fs.readdirSync(mailFolder) : []);
  while (mailFiles().length === 0 && Date.now() < deadline) await sleep(200);
  if (mailFiles().length === 0) {
    console.log(serverOutput());
    throw new MirrorError(
      `POST /contact -> ${response.status}, but no email reached ${mailFolder} within 10 s`,
    );
  }
  log(
    `POST /contact -> ${response.status}; its email was written to the outbox folder on the volume`,
  );
}

async function startAndCheck(final, volumeDir, scratch) {
  const port = await freePort();
  const volumeHost = path.join(scratch, "volumes", final.name, volumeDir.replace(/^\/+/, ""));
  fs.mkdirSync(volumeHost, { recursive: true });
  const databasePath = path.join(
    volumeHost,
    path.posix.relative(volumeDir, final.env.DATABASE_PATH),
  );
  const env = {
    ...hostEnvironment(),
    ...final.env,
    PORT: String(port),
    DATABASE_PATH: databasePath,
    SESSION_SECRET: crypto.randomBytes(36).toString("base64url"), // 48 characters
  };
  // The base image's `node`: this machine's stands in, copied where the unprivileged user may
  // run it (a Node that npx fetched lives under /root, which nobody may enter).
  const baseImageBin = path.join(scratch, "base-image-bin");
  fs.mkdirSync(baseImageBin, { recursive: true, mode: 0o755 });
  fs.copyFileSync(process.execPath, path.join(baseImageBin, "node"));
  fs.chmodSync(path.join(baseImageBin, "node"), 0o755);
  env.PATH = `${baseImageBin}${path.delimiter}${env.PATH ?? ""}`;
  const cwd = hostPath(final, ".");
  const readOnly = readOnlyExceptVolume(final, scratch, volumeHost);
  log(
    `starting CMD ${JSON.stringify(final.cmd)} in ${path.relative(scratch, cwd)} (PORT=${port}, DATABASE_PATH=${path.relative(scratch, databasePath)} for the volume, SESSION_SECRET random, 48 chars)`,
  );
  note(readOnly.description);

  const server = spawn(final.cmd[0], final.cmd.slice(1), {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    ...readOnly.credentials,
  });
  let output = "";
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 100_000) output = output.slice(-50_000);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    server.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    server.on("error", (error) => {
      exited = { code: 127, signal: null, error };
      resolve(exited);
    });
  });

  const signalGroup = (signal) => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (exited) return `had already exited (${exited.signal ?? exited.code})`;
    const stopStarted = Date.now();
    signalGroup("SIGTERM");
    const result = await Promise.race([exitPromise, sleep(STOP_GRACE_MS).then(() => null)]);
    if (result) return `stopped by SIGTERM in ${seconds(Date.now() - stopStarted)}`;
    signalGroup("SIGKILL");
    await exitPromise;
    return `did not stop within ${STOP_GRACE_MS / 1000}s of SIGTERM; killed with SIGKILL`;
  };
  const interrupt = () => {
    signalGroup("SIGKILL");
    process.exit(130);
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  const base = `http://127.0.0.1:${port}`;
  try {
    const waitStarted = Date.now();
    let status;
    while (Date.now() - waitStarted < HEALTH_WAIT_MS) {
      if (exited) break;
      status = await httpStatus(`${base}/healthz`);
      if (status === 200) break;
      await sleep(250);
    }
    if (status !== 200) {
      console.log(tail(output || "(no output)", 40));
      throw new MirrorError(
        exited
          ? `the server exited (${exited.error?.message ?? exited.signal ?? `code ${exited.code}`}) before GET /healthz answered 200`
          : `GET /healthz did not answer 200 within ${HEALTH_WAIT_MS / 1000}s (last: ${status})`,
      );
    }
    log(`GET /healthz -> 200 after ${seconds(Date.now() - waitStarted)}`);

    const health = await runCommand(final.healthcheck.argv[0], final.healthcheck.argv.slice(1), {
      cwd,
      env,
      verbose: false,
      timeoutMs: final.healthcheck.timeoutMs,
    });
    if (health.code !== 0) {
      if (health.output.trim()) console.log(tail(health.output, 20));
      throw new MirrorError(
        `the HEALTHCHECK command exited with ${health.code}${health.timedOut ? " (timed out)" : ""}`,
      );
    }
    log("HEALTHCHECK command -> exit 0");

    const home = await httpStatus(`${base}/`);
    if (home !== 200) {
      console.log(tail(output || "(no output)", 40));
      throw new MirrorError(`GET / answered ${home}, expected 200`);
    }
    log("GET / -> 200");
    if (!fs.existsSync(databasePath))
      throw new MirrorError(`the database was not created at ${databasePath}`);
    log(`database created on the volume stand-in (${path.relative(scratch, databasePath)})`);

    await checkContactMessageIsStored(base, path.join(path.dirname(databasePath), "outbox"), () =>
      tail(output || "(no output)", 40),
    );
  } finally {
    log(`server ${await stop()}`);
    readOnly.restore();
    process.removeListener("SIGINT", interrupt);
    process.removeListener("SIGTERM", interrupt);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`[mirror] ${error.message}`);
    process.exit(1);
  }
  let scratch;
  if (options.scratch) {
    scratch = path.resolve(options.scratch);
    if (fs.existsSync(scratch) && fs.readdirSync(scratch).length > 0) {
      console.error(`[mirror] --scratch ${scratch} is not empty`);
      process.exit(1);
    }
    fs.mkdirSync(scratch, { recursive: true });
  } else {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docker-build-mirror-"));
  }
  log(`Dockerfile: ${path.join(REPO_ROOT, "Dockerfile")}`);
  log(
    `scratch folder: ${scratch}${options.keep ? " (kept)" : " (removed at the end; --keep keeps it)"}`,
  );

  let failed = false;
  try {
    const stages = stagesOf(
      parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, "Dockerfile"), "utf8")),
    );
    const needed = stagesNeededFor(stages);
    for (const { name } of stages.filter((stage) => !needed.has(stage.name))) {
      log(`stage ${name}: not built, the default target does not need it`);
    }
    const instructions = stages
      .filter((stage) => needed.has(stage.name))
      .flatMap((stage) => [stage.from, ...stage.instructions]);
    const final = await build(instructions, { scratch, verbose: options.verbose });
    log(`build steps done in ${seconds(Date.now() - startedAt)}`);
    const volume = checkImagePolicy(final);
    checkDependencies(final);
    await startAndCheck(final, volume, scratch);
  } catch (error) {
    failed = true;
    console.error(
      `[mirror] FAILED: ${error instanceof MirrorError || error instanceof DockerfileError ? error.message : error.stack}`,
    );
  } finally {
    if (options.keep) log(`scratch folder kept: ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (failed) {
    console.error(`[mirror] docker-build-mirror: FAILED after ${seconds(Date.now() - startedAt)}`);
    process.exit(1);
  }
  log(
    `docker-build-mirror: OK in ${seconds(Date.now() - startedAt)} (build, no devDependencies, start unprivileged with only the volume writable, /healthz, HEALTHCHECK, /, POST /contact)`,
  );
}

await main();
