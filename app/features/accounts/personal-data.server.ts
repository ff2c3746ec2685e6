// What the accounts hold about one address, for a privacy request. A staff account is not a
// prospect's data: the search says the address has one and leaves it to the Users page, where an
// owner revokes it (decision 069). An invitation to the address, open or accepted, is erased.
import { asc, eq } from "drizzle-orm";
import { invitations, users } from "~/db/schema";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { exportable, normalisedAddress } from "~/lib/personal-data.server";

// Both tables store addresses lower-cased.
const ownInvitations = (email: string) => eq(invitations.email, normalisedAddress(email));

export const accountsPersonalData: PersonalDataHolder = {
  tables: ["users", "invitations"],
  find(db, email) {
    const account = db
      .select({
        email: users.email,
        createdAt: users.createdAt,
        confirmedAt: users.confirmedAt,
        approvedAt: users.approvedAt,
        owner: users.owner,
      })
      .from(users)
      .where(eq(users.email, normalisedAddress(email)))
      .get();
    const invited = db
      .select({
        email: invitations.email,
        sentAt: invitations.sentAt,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
      })
      .from(invitations)
      .where(ownInvitations(email))
      .orderBy(asc(invitations.id))
      .all();
    return [
      {
        kind: "staff_accounts",
        label: "Staff account",
        records: account ? [exportable(account)] : [],
        kept: "A staff account is managed on the Users page, where an owner can revoke it.",
      },
      { kind: "invitations", label: "Staff invitations", records: invited.map(exportable) },
    ];
  },
  erase(db, email) {
    const erased = db
      .delete(invitations)
      .where(ownInvitations(email))
      .returning({ id: invitations.id })
      .all().length;
    return { invitations: erased };
  },
};
