// Data access for staff accounts.
import { eq } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { users } from "~/db/schema";

export type User = typeof users.$inferSelect;

/** Emails compare without regard to case or surrounding spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: Queryable, email: string): User | undefined {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .get();
}

export function findUserById(db: Queryable, id: number): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function insertUser(
  db: Queryable,
  user: {
    email: string;
    passwordHash: string;
    confirmedAt?: Date;
    approvedAt?: Date;
    owner?: boolean;
  },
): User {
  return db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email) })
    .returning()
    .get();
}

export function updatePasswordHash(db: Queryable, id: number, passwordHash: string) {
  db.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
}

/** The password chosen by whoever followed the confirmation link, and the address confirmed. */
export function confirmUser(db: Queryable, id: number, passwordHash: string, confirmedAt: Date) {
  db.update(users).set({ passwordHash, confirmedAt }).where(eq(users.id, id)).run();
}

export function listUsers(db: Queryable): User[] {
  return db.select().from(users).orderBy(users.createdAt, users.id).all();
}

export function setApproval(db: Queryable, id: number, approvedAt: Date | null) {
  db.update(users).set({ approvedAt }).where(eq(users.id, id)).run();
}

export function setOwner(db: Queryable, id: number, owner: boolean) {
  db.update(users).set({ owner }).where(eq(users.id, id)).run();
}

export function listOwners(db: Queryable): User[] {
  return db.select().from(users).where(eq(users.owner, true)).all();
}
