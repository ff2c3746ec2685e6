// Privacy requests a route may make, bound to the process's database here (onDatabase): routes
// never hold it, and inside the feature the same functions still take any database.
import { onDatabase } from "~/lib/db.server";
import * as requests from "./requests.server";

export const findPersonalData = onDatabase(requests.findPersonalData);
export const exportPersonalData = onDatabase(requests.exportPersonalData);
export const erasePersonalData = onDatabase(requests.erasePersonalData);
