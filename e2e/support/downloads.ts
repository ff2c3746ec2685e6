// A CSV the admin offers, downloaded by clicking its link as staff do, and read back as rows.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { parseCsv } from "../../tests/support/csv";

/** Clicks the link, checks the file starts with UTF-8's byte-order mark (for Excel), and parses it. */
export async function downloadCsv(page: Page, linkName: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const bytes = fs.readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString("utf8"));
}
