// Loaded into a server under test with `--import` (NODE_OPTIONS): appends the address of every
// module the process loads, by import or by require, to the file MODULE_LOAD_LOG names, one a
// line, so a test can tell which libraries a request made the server load.
import fs from "node:fs";
import { registerHooks } from "node:module";

const logFile = process.env.MODULE_LOAD_LOG;
if (logFile) {
  registerHooks({
    load(url, context, nextLoad) {
      fs.appendFileSync(logFile, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
