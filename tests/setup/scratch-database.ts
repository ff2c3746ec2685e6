// Gives every test file its own fresh SQLite file (and local mail folder) before app modules load.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vitest-db-"));
process.env.DATABASE_PATH = path.join(folder, "app.db");
// Each test seeds exactly the posts it needs; the demo content has tests of its own.
process.env.SEED_DEMO_CONTENT = "false";
// One allowlisted admin address, for the tests of admin rights.
process.env.ADMIN_EMAILS = "owner@keelstone.example.com";
