// No table is forgotten by a privacy request: every table of app/db/schema.ts is answered for by
// some holder of personal data, or declared to hold none, with why; and no table is both.
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { expect, test } from "vitest";
import * as schema from "~/db/schema";
import {
  PERSONAL_DATA_HOLDERS,
  TABLES_WITHOUT_PERSONAL_DATA,
} from "~/features/privacy/holders.server";

const schemaTables = Object.values(schema)
  .filter((value) => is(value, SQLiteTable))
  .map((table): string => getTableName(table))
  .sort();
const held = PERSONAL_DATA_HOLDERS.flatMap((holder) => holder.tables);
const declared = Object.keys(TABLES_WITHOUT_PERSONAL_DATA);

test("the schema is read whole", () => {
  expect(schemaTables.length).toBeGreaterThan(25);
  expect(schemaTables).toContain("contact_messages");
});

test("every table is covered by some holder or declared to hold no personal data", () => {
  const forgotten = schemaTables.filter(
    (table) => !held.includes(table) && !declared.includes(table),
  );
  expect(forgotten).toEqual([]);
});

test("the lists name only real tables, each once, and each declaration says why", () => {
  const listed = [...held, ...declared];
  expect(listed.filter((table) => !schemaTables.includes(table))).toEqual([]);
  expect(listed.filter((table, index) => listed.indexOf(table) !== index)).toEqual([]);
  expect(Object.entries(TABLES_WITHOUT_PERSONAL_DATA).filter(([, why]) => why.length < 10)).toEqual(
    [],
  );
});
