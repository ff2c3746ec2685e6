// The server's one way of logging, shared by server.ts (a line per request, from pino-http) and
// the app (its events, log.server.ts): one JSON object per line on stdout, with an ISO time and
// the level's name, and secrets redacted wherever they sit in what is logged. Node also runs this
// module as it is, for server.ts, so it imports packages only.
import { createRequire } from "node:module";
import pino, { type LoggerOptions } from "pino";
import type PinoPretty from "pino-pretty";

// Field names whose values never reach a log line, at the top level or one level down (a
// request's headers, say). Each new secret-bearing field name belongs here.
const SECRET_FIELDS = [
  "password",
  "passwordHash",
  "token",
  "secret",
  "cookie",
  "authorization",
  "smtpUrl",
];

const logOptions: LoggerOptions = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: {
    paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)],
    censor: "[redacted]",
  },
};

// The app's build bundles its own copy of this module, so the one instance is kept on the global
// object, where server.ts and the app both find it.
const sharedLoggerKey = Symbol.for("operations-consulting-site.logger");
type WithSharedLogger = typeof globalThis & { [sharedLoggerKey]?: pino.Logger };

/** The process's one logger, made on first use. */
export function sharedLogger(): pino.Logger {
  const holder = globalThis as WithSharedLogger;
  holder[sharedLoggerKey] ??= createLogger();
  return holder[sharedLoggerKey];
}

/**
 * A logger on stdout; in development (`npm run dev`) the lines are printed for people to read
 * (pino-pretty, a development dependency), in production and tests as JSON.
 */
function createLogger() {
  if (process.env.NODE_ENV === "development") {
    // A stream in this thread, not pino's transport: a transport's worker resolves its target by
    // name, which fails inside Vite's module runner.
    const pretty: typeof PinoPretty = createRequire(import.meta.url)("pino-pretty");
    return pino(logOptions, pretty({ colorize: true }));
  }
  // process.stdout rather than pino's own file descriptor writer: a test can read what is logged.
  return pino(logOptions, process.stdout);
}

/**
 * A logger like the shared one whose lines are written in batches: every 50 ms, or sooner once
 * 32 KB wait, and when the process exits. For the page cache's request lines: a write to stdout
 * per answer cost more than the answer itself (a hit's throughput more than doubled without it).
 */
export function batchedLogger({ flushEveryMs = 50, maxBytes = 32 * 1024 } = {}) {
  if (process.env.NODE_ENV === "development") return sharedLogger();
  let waiting: string[] = [];
  let waitingBytes = 0;
  const flush = () => {
    if (waiting.length === 0) return;
    const text = waiting.join("");
    waiting = [];
    waitingBytes = 0;
    process.stdout.write(text);
  };
  setInterval(flush, flushEveryMs).unref();
  process.on("exit", flush);
  // Its callers log fixed fields that hold no secrets: no redaction to pay for on every line.
  return pino(
    { ...logOptions, redact: undefined },
    {
      write(line: string) {
        waiting.push(line);
        waitingBytes += line.length;
        if (waitingBytes >= maxBytes) flush();
      },
    },
  );
}
