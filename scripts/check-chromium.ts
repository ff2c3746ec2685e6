// Fails early, with the fix, when the browser the end-to-end tests drive is not installed.
import fs from "node:fs";
import { chromiumPath as CHROMIUM_PATH } from "./lib/chromium.ts";

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(
    [
      `Chromium was not found at ${CHROMIUM_PATH}; the end-to-end tests drive Debian's Chromium.`,
      "Install it with:",
      "  sudo apt-get update && sudo apt-get install -y chromium",
      "or point CHROMIUM_PATH at another Chromium binary.",
    ].join("\n"),
  );
  process.exit(1);
}
