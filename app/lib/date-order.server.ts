// The ORDER BY of a list sorted by date, its columns (the date, then the id to break ties) in
// the direction the admin chose.
import { asc, desc, type AnyColumn } from "drizzle-orm";
import type { DateOrder } from "./url-filters";

export function inDateOrder(order: DateOrder = "newest", ...columns: AnyColumn[]) {
  const direction = order === "oldest" ? asc : desc;
  return columns.map((column) => direction(column));
}
