// Queries a route may call are bound to the process's database here (onDatabase).
import { onDatabase } from "~/lib/db.server";
import * as policy from "./policy.server";
import * as settings from "./settings.server";

export const changeRetention = onDatabase(settings.changeRetention);
export const retentionSettings = onDatabase(settings.retentionSettings);
export const privacyPolicyFacts = onDatabase(policy.privacyPolicyFacts);
export { retentionFormValues } from "./form";
export { startRetentionJobs } from "./jobs.server";
export { sweepIfDue } from "./sweep.server";
