// Whether the owner requires two-factor sign-in for every admin: one of the install's settings.
import { db } from "~/lib/db.server";
import { findSetting } from "~/lib/settings.server";
import type { User } from "./user-queries.server";

export const TWO_FACTOR_REQUIRED_KEY = "two_factor_required";

export const twoFactorRequired = () => findSetting(db, TWO_FACTOR_REQUIRED_KEY) === "true";

/** An account the requirement applies to that has no authenticator yet. */
export const needsTwoFactorSetup = (user: User) => user.totpSecret === null && twoFactorRequired();
