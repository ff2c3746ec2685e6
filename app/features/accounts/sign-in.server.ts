// Signing in with an email and password (remix-auth's form strategy). Every failure looks the
// same from outside: no answer tells which emails have accounts.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/lib/db.server";
import { findUserByEmail, updatePasswordHash, type User } from "./user-queries.server";
import { credentialsSchema } from "./credentials";
import {
  checkDecoyPassword,
  hashIsOutdated,
  hashPassword,
  verifyPassword,
} from "./passwords.server";

export const INVALID_CREDENTIALS = "Invalid email or password.";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(INVALID_CREDENTIALS);
  }
}

const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = credentialsSchema.safeParse({
      email: form.get("email"),
      password: form.get("password"),
    });
    if (!parsed.success) throw new InvalidCredentialsError();
    const { email, password } = parsed.data;
    const user = findUserByEmail(db, email);
    if (!user) {
      await checkDecoyPassword(password);
      throw new InvalidCredentialsError();
    }
    // An unconfirmed account fails like a wrong password: the sign-up answer already said to
    // check the inbox, and anything else would tell a stranger that the email is registered.
    if (!(await verifyPassword(user.passwordHash, password)) || !user.confirmedAt) {
      throw new InvalidCredentialsError();
    }
    if (hashIsOutdated(user.passwordHash)) {
      updatePasswordHash(db, user.id, await hashPassword(password));
    }
    return user;
  }),
  "password",
);

/** Checks the posted credentials; throws InvalidCredentialsError for every kind of failure. */
export async function signIn(form: FormData, url: string): Promise<User> {
  // The strategy reads the body itself; hand it the form we have already read and bounded.
  return authenticator.authenticate("password", new Request(url, { method: "POST", body: form }));
}
