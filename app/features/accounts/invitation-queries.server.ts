// Data access for invitations: one open row per address, found by its link's token hash.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { invitations, users } from "~/db/schema";

export type Invitation = typeof invitations.$inferSelect;

/** The invitation not yet accepted for this (lower-cased) address, if any. */
export function findOpenInvitationTo(db: Queryable, email: string): Invitation | undefined {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt)))
    .get();
}

export function findInvitationById(db: Queryable, id: number): Invitation | undefined {
  return db.select().from(invitations).where(eq(invitations.id, id)).get();
}

export function findInvitationByToken(db: Queryable, tokenHash: string): Invitation | undefined {
  return db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get();
}

/** Invitations not yet accepted, expired ones included, newest sent first, with who sent them. */
export function listOpenInvitations(db: Queryable) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      invitedBy: users.email,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(isNull(invitations.acceptedAt))
    .orderBy(desc(invitations.sentAt), desc(invitations.id))
    .all();
}

export function insertInvitation(
  db: Queryable,
  invitation: {
    email: string;
    tokenHash: string;
    invitedBy: number;
    sentAt: Date;
    expiresAt: Date;
  },
): number {
  return db.insert(invitations).values(invitation).returning({ id: invitations.id }).get().id;
}

/** Sends an open invitation again: a new link (the old one stops working) and a new week. */
export function renewInvitation(
  db: Queryable,
  id: number,
  renewal: { tokenHash: string; invitedBy: number; sentAt: Date; expiresAt: Date },
) {
  db.update(invitations).set(renewal).where(eq(invitations.id, id)).run();
}

/**
 * Marks the invitation accepted if it still is open at `now`, and says whether this call did: of
 * two posts with the same link, only one sees true.
 */
export function acceptInvitationRow(db: Queryable, id: number, tokenHash: string, now: Date) {
  const { changes } = db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .run();
  return changes === 1;
}

/** Withdraws an open invitation; says whether there was one. */
export function deleteOpenInvitation(db: Queryable, id: number): boolean {
  const { changes } = db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .run();
  return changes === 1;
}

/** Withdraws every open invitation an account sent, once its own rights are revoked. */
export function deleteOpenInvitationsBy(db: Queryable, userId: number) {
  db.delete(invitations)
    .where(and(eq(invitations.invitedBy, userId), isNull(invitations.acceptedAt)))
    .run();
}
