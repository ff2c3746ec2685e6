// Loaded into a server under test with `--import` (NODE_OPTIONS), which runs it in the main thread
// and in every worker thread: appends each module the thread loads, by import or by require, to
// the file MODULE_LOAD_LOG names, one a line as "<thread> <address>" (thread "main" or "worker"),
// so a test can tell which libraries a request made the server load, and where.
import fs from "node:fs";
import { registerHooks } from "node:module";
import { isMainThread } from "node:worker_threads";

const logFile = process.env.MODULE_LOAD_LOG;
const thread = isMainThread ? "main" : "worker";
if (logFile) {
  registerHooks({
    load(url, context, nextLoad) {
      fs.appendFileSync(logFile, `${thread} ${url}\n`);
      return nextLoad(url, context);
    },
  });
}

/** The modules a thread loaded, from a log the recorder wrote. */
export function modulesLoadedBy(logFile: string, thread: "main" | "worker"): string[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${thread} `))
    .map((line) => line.slice(thread.length + 1));
}
