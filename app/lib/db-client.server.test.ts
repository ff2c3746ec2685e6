import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { users } from "../db/schema";
import { databaseWriteProblem, openDatabase, storageFailureCode } from "./db-client.server";

const freshDatabase = () =>
  openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "client-")), "app.db"));

const thrownBy = (write: () => unknown) => {
  try {
    write();
  } catch (error) {
    return error;
  }
  throw new Error("the write succeeded");
};

test("a full database is a storage failure, through drizzle's wrapper", () => {
  const db = freshDatabase();
  // A database that may not grow: the next page it needs fails as a full disk does.
  const pages = db.$client.pragma("page_count", { simple: true }) as number;
  db.$client.pragma(`max_page_count = ${pages}`);
  const error = thrownBy(() => {
    for (let n = 0; n < 1000; n += 1) {
      db.insert(users)
        .values({ email: `${n}-${"x".repeat(2000)}@example.org`, passwordHash: "hash" })
        .run();
    }
  });
  expect(storageFailureCode(error)).toBe("SQLITE_FULL");
  db.$client.close();
});

test("a failed query that is not the disk's fault is not a storage failure", () => {
  const db = freshDatabase();
  db.insert(users).values({ email: "same@example.org", passwordHash: "hash" }).run();
  const duplicate = thrownBy(() =>
    db.insert(users).values({ email: "same@example.org", passwordHash: "hash" }).run(),
  );
  expect(storageFailureCode(duplicate)).toBeNull();
  expect(storageFailureCode(new Error("SQLITE_FULL in a message only"))).toBeNull();
  db.$client.close();
});

test("a database on a writable disk with room has no write problem; a missing one has", () => {
  const db = freshDatabase();
  expect(databaseWriteProblem(db.$client.name)).toBeNull();
  expect(databaseWriteProblem("/nonexistent-folder/app.db")).toMatch(/ENOENT/);
  db.$client.close();
});
