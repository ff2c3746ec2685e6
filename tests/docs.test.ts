// What a newcomer reads stays true to the code: the README's environment table names every
// variable the server reads, the decisions' index lists every record, and the files the README
// and the index point to exist.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");

/** The variable names in the first column of the README's "Environment" table. */
function environmentTableNames() {
  const section = readme.slice(readme.indexOf("## Environment"), readme.indexOf("## Backups"));
  const firstCells = [...section.matchAll(/^\| ([^|]+)\|/gm)].map((match) => match[1]!);
  return new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z_]+)`/g)].map((m) => m[1]!)),
  );
}

/** Every variable the server reads: the two schemas, and process.env elsewhere. */
function variablesRead() {
  // The app's schema and the HTTP server's (server/config.ts), then process.env read elsewhere.
  const schemas = read("app/lib/env.server.ts") + read("server/config.ts");
  const names = new Set(
    [...schemas.matchAll(/^ {2,4}([A-Z][A-Z_]+): /gm)].map((match) => match[1]!),
  );
  const serverSide = [
    "server.ts",
    ...fs.readdirSync(path.join(root, "server")).map((file) => `server/${file}`),
    ...fs.readdirSync(path.join(root, "app/lib")).map((file) => `app/lib/${file}`),
  ].filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of serverSide) {
    for (const match of read(file).matchAll(/process\.env\.([A-Z][A-Z_]+)/g)) names.add(match[1]!);
  }
  // NODE_ENV is told in the prose under the table: `npm start` is production whatever it says.
  names.delete("NODE_ENV");
  return [...names].sort();
}

describe("the README", () => {
  test("its environment table has a row for every variable the server reads", () => {
    const documented = environmentTableNames();
    expect(variablesRead().length).toBeGreaterThan(15);
    expect(variablesRead().filter((name) => !documented.has(name))).toEqual([]);
  });

  test("every file under docs/ it names exists", () => {
    const named = [...readme.matchAll(/`(docs\/[\w./-]+\.md)`/g)].map((match) => match[1]!);
    expect(named).toContain("docs/performance.md");
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });
});

describe("docs/decisions/README.md", () => {
  const index = read("docs/decisions/README.md");
  const records = fs
    .readdirSync(path.join(root, "docs/decisions"))
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort();

  test("lists every decision record once, in order, under its own number", () => {
    const rows = [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\)/gm)].map((m) => [m[1], m[2]]);
    expect(records.length).toBeGreaterThan(40);
    expect(rows).toEqual(records.map((file) => [file.slice(0, 3), file]));
  });

  test("every record it names as amending or replacing another exists", () => {
    const numbers = new Set(records.map((file) => file.slice(0, 3)));
    const statuses = [...index.matchAll(/^\|.*\| ([^|]+) \|$/gm)].map((match) => match[1]!);
    const named = statuses.flatMap((status) =>
      [...status.matchAll(/\b(\d{3})\b/g)].map((m) => m[1]!),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((number) => !numbers.has(number))).toEqual([]);
  });
});
