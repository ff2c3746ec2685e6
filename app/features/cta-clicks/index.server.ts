// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as queries from "./queries.server";

export const clicksByLabel = onDatabase(queries.clicksByLabel);
export const clicksByPage = onDatabase(queries.clicksByPage);
export const clicksPerDay = onDatabase(queries.clicksPerDay);
export const ctaClicksBatch = onDatabase(queries.ctaClicksBatch);
export const insertCtaClick = onDatabase(queries.insertCtaClick);
export { ctaClickSchema } from "./record.server";
export { deleteClicksBefore } from "./queries.server";
