// The deployment files agree with each other (scripts/check-deploy-config.ts), and each kind of
// disagreement the check exists for is caught: the repository's files, then one edit at a time.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkDeployConfig, expandLitefsVariables } from "../scripts/check-deploy-config.ts";

const read = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", name), "utf8");
const files = {
  dockerfile: read("Dockerfile"),
  flyToml: read("fly.toml"),
  litefsYml: read("litefs.yml"),
};

const keyOf = {
  Dockerfile: "dockerfile",
  "fly.toml": "flyToml",
  "litefs.yml": "litefsYml",
} as const;

function edited(file: keyof typeof keyOf, from: string | RegExp, to: string) {
  const key = keyOf[file];
  const text = files[key].replace(from, to);
  if (text === files[key]) throw new Error(`the edit of ${file} matched nothing: ${from}`);
  return { ...files, [key]: text };
}

test("the repository's Dockerfile, fly.toml and litefs.yml agree", () => {
  expect(checkDeployConfig(files)).toEqual([]);
});

describe("each disagreement is reported", () => {
  test.each([
    [
      "the proxy port and fly's internal port",
      "fly.toml",
      "internal_port = 8080",
      "internal_port = 3000",
      "http_service.internal_port 3000 is not litefs.yml proxy.addr port 8080",
    ],
    [
      "the app's port and the proxy's target",
      "fly.toml",
      'PORT = "3000"',
      'PORT = "3001"',
      "env.PORT 3001 is not litefs.yml proxy.target port 3000",
    ],
    [
      "the volume and LiteFS's data folder",
      "fly.toml",
      'destination = "/var/lib/litefs"',
      'destination = "/data"',
      "destination must be litefs.yml data.dir /var/lib/litefs (found /data)",
    ],
    [
      "a heap larger than half of the machine",
      "fly.toml",
      'memory = "512mb"',
      'memory = "256mb"',
      "must set NODE_OPTIONS --max-old-space-size to at most half of fly.toml's 256 MB",
    ],
    [
      "a capped heap with V8's default young generation",
      "Dockerfile",
      " --max-semi-space-size=8",
      "",
      "must set NODE_OPTIONS --max-semi-space-size",
    ],
    [
      "a capped heap collected each time it grows by a third",
      "Dockerfile",
      "ENV HEAP_GROWING_PERCENT=100\n",
      "",
      "must set HEAP_GROWING_PERCENT",
    ],
    [
      "an allocator with an arena per thread",
      "Dockerfile",
      /ENV GLIBC_TUNABLES="[^"]*"/,
      'ENV GLIBC_TUNABLES="glibc.malloc.trim_threshold=262144"',
      "must set GLIBC_TUNABLES glibc.malloc.arena_max",
    ],
    [
      "the database path and the LiteFS mount",
      "fly.toml",
      'DATABASE_PATH = "/litefs/app.db"',
      'DATABASE_PATH = "/data/app.db"',
      "env.DATABASE_PATH /data/app.db is not litefs.yml fuse.dir + proxy.db (/litefs/app.db)",
    ],
    [
      "the database file the proxy tracks",
      "litefs.yml",
      'db: "app.db"',
      'db: "site.db"',
      "env.DATABASE_PATH /litefs/app.db is not litefs.yml fuse.dir + proxy.db (/litefs/site.db)",
    ],
    [
      "the folder the app watches for .primary",
      "fly.toml",
      'LITEFS_DIR = "/litefs"',
      'LITEFS_DIR = "/var/lib/litefs"',
      "env.LITEFS_DIR /var/lib/litefs is not litefs.yml fuse.dir /litefs",
    ],
    [
      "LiteFS's API port and the advertised URL",
      "litefs.yml",
      'addr: ":20202"',
      'addr: ":20203"',
      "lease.advertise-url port 20202 is not http.addr port 20203",
    ],
    [
      "a key LiteFS would refuse",
      "litefs.yml",
      "exit-on-error: false",
      "exit-on-eror: false",
      "unknown key exit-on-eror",
    ],
    [
      "a nested key LiteFS would refuse",
      "litefs.yml",
      'target: "localhost:3000"',
      'target: "localhost:3000"\n  timeout: "5s"',
      "unknown key proxy.timeout",
    ],
    [
      "every region a candidate",
      "litefs.yml",
      "candidate: ${FLY_REGION == PRIMARY_REGION}",
      "candidate: true",
      "lease.candidate must be true in the primary region (den) and false elsewhere",
    ],
    [
      "the app started as root",
      "litefs.yml",
      'cmd: "setpriv --reuid=node --regid=node --init-groups node server.ts"',
      'cmd: "node server.ts"',
      "the app must run as an unprivileged user",
    ],
    [
      "a non-root app without allow-other",
      "litefs.yml",
      "allow-other: true",
      "allow-other: false",
      "fuse.allow-other must be true",
    ],
    [
      "another app entry than the default image's",
      "litefs.yml",
      "--init-groups node server.ts",
      "--init-groups npm start",
      "exec must start the app as the default image does (node server.ts)",
    ],
    [
      "a kill timeout shorter than the app's grace",
      "fly.toml",
      'kill_timeout = "15s"',
      'kill_timeout = "5s"',
      "kill_timeout 5s must exceed the app's shutdown grace (10000 ms)",
    ],
    [
      "client addresses taken from any X-Forwarded-For entry",
      "fly.toml",
      'TRUST_PROXY = "1"',
      'TRUST_PROXY = "true"',
      "env.TRUST_PROXY true must count proxy hops",
    ],
    [
      "a signal the app does not handle gracefully",
      "fly.toml",
      'kill_signal = "SIGTERM"',
      'kill_signal = "SIGKILL"',
      "kill_signal SIGKILL does not start a graceful shutdown",
    ],
    [
      "a build target that is not a stage",
      "fly.toml",
      'build-target = "litefs"',
      'build-target = "lite"',
      "build.build-target lite is not a Dockerfile stage",
    ],
    [
      "the image's database path",
      "Dockerfile",
      "ENV DATABASE_PATH=/litefs/app.db",
      "ENV DATABASE_PATH=/litefs/db.sqlite",
      "sets DATABASE_PATH=/litefs/db.sqlite, fly.toml /litefs/app.db",
    ],
    [
      "the config LiteFS reads",
      "Dockerfile",
      "COPY litefs.yml /etc/litefs.yml",
      "COPY litefs.yml /app/config/litefs.yml",
      "must COPY litefs.yml to /etc/litefs.yml",
    ],
    [
      "the LiteFS binary",
      "Dockerfile",
      /COPY --from=flyio\/litefs:0\.5 .*\n/,
      "",
      "must COPY the litefs binary from flyio/litefs",
    ],
    ["FUSE", "Dockerfile", "ca-certificates fuse3", "ca-certificates", "must install fuse3"],
    [
      "LiteFS as the command",
      "Dockerfile",
      'CMD ["litefs", "mount"]',
      'CMD ["node", "server.ts"]',
      'must run CMD ["litefs", "mount"]',
    ],
    [
      "uploaded covers in LiteFS's FUSE folder",
      "fly.toml",
      'MEDIA_DIR = "/var/lib/litefs/media"',
      'MEDIA_DIR = "/litefs/media"',
      "env.MEDIA_DIR /litefs/media must be inside the volume at litefs.yml data.dir /var/lib/litefs",
    ],
    [
      "uploaded covers off the volume",
      "fly.toml",
      'MEDIA_DIR = "/var/lib/litefs/media"',
      'MEDIA_DIR = "/data/media"',
      "env.MEDIA_DIR /data/media must be inside the volume",
    ],
    [
      "no folder named for uploaded covers",
      "fly.toml",
      /\n\s*MEDIA_DIR = .*/,
      "",
      "env.MEDIA_DIR is required with LITEFS_DIR",
    ],
    [
      "a media folder the app cannot write",
      "litefs.yml",
      /\n\s*- cmd: "install -d .*/,
      "",
      "exec must make MEDIA_DIR the app's user's before starting the app",
    ],
    [
      "a media folder made for root",
      "litefs.yml",
      "install -d -o node -g node",
      "install -d -o root -g root",
      "exec must make MEDIA_DIR the app's user's before starting the app",
    ],
    [
      "the proxy port on the image",
      "Dockerfile",
      "EXPOSE 8080",
      "EXPOSE 3000",
      "must EXPOSE the proxy port 8080",
    ],
  ] as const)("%s", (_what, file, from, to, message) => {
    const problems = checkDeployConfig(edited(file, from, to));
    expect(problems.join("\n")).toContain(message);
  });
});

describe("expandLitefsVariables, as LiteFS reads its config", () => {
  const variables = { FLY_REGION: "den", PRIMARY_REGION: "den", FLY_APP_NAME: "site" };
  test.each([
    ["$FLY_APP_NAME", "site"],
    ["${FLY_APP_NAME}", "site"],
    ["litefs/${FLY_APP_NAME}", "litefs/site"],
    ["${FLY_REGION == PRIMARY_REGION}", "true"],
    ["${FLY_REGION != PRIMARY_REGION}", "false"],
    ['${FLY_REGION == "ams"}', "false"],
    ["${FLY_REGION == 'den'}", "true"],
    ["${UNSET}", ""],
  ])("%s -> %s", (input, expected) => {
    expect(expandLitefsVariables(input, variables)).toBe(expected);
  });
});
