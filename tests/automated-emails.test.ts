// Every kind of email the site sends is automated, and says so (RFC 3834) as a mail server
// receives it: each is made through its own flow and delivered by the outbox to a real SMTP server.
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { outbox } from "~/db/schema";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { requestPasswordReset, resetPassword } from "~/features/accounts/password-reset.server";
import { changeAccount } from "~/features/accounts/accounts.server";
import { inviteColleague } from "~/features/accounts/invitations.server";
import { confirmEmail, signUp } from "~/features/accounts/sign-up.server";
import { findUserByEmail, insertUser } from "~/features/accounts/user-queries.server";
import { submitContactMessage } from "~/features/contact/send.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { sampleAnswers } from "./support/assessment-answers";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

test("every kind of email the site sends arrives marked Auto-Submitted: auto-generated", async () => {
  await submitContactMessage({
    fullName: "Grace Hopper",
    email: "grace@example.org",
    message: "Our month-end close takes two weeks.",
  });
  await submitAssessment({
    visitId: trackVisit(null, 10, NO_ATTRIBUTION),
    answers: sampleAnswers,
    contact: {
      company: "Brightline Freight",
      firstName: "Katherine",
      lastName: "Johnson",
      email: "katherine@brightline.example",
      phone: "",
    },
  });
  const owner = insertUser(db, {
    email: "owner@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
    owner: true,
  });
  await signUp({ email: "new-staff@example.org", password: "a long enough passphrase" });
  // Confirming tells the owner the account waits; approving it tells the account.
  const confirmLink = db
    .select({ text: outbox.textBody })
    .from(outbox)
    .all()
    .map((row) => /confirm\?token=([\w-]+)/.exec(row.text ?? "")?.[1])
    .find(Boolean);
  expect(await confirmEmail(confirmLink ?? "", "a long enough passphrase")).toBe("confirmed");
  const newStaff = findUserByEmail(db, "new-staff@example.org");
  expect((await changeAccount(owner, newStaff?.id ?? 0, "approve", "203.0.113.10")).outcome).toBe(
    "approved",
  );
  await inviteColleague(owner, "colleague@example.org", "203.0.113.10");
  insertUser(db, {
    email: "staff@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
  });
  await signUp({ email: "staff@example.org", password: "a long enough passphrase" });
  await requestPasswordReset("staff@example.org");
  const resetLink = db
    .select({ text: outbox.textBody })
    .from(outbox)
    .all()
    .map((row) => /reset-password\?token=([\w-]+)/.exec(row.text ?? "")?.[1])
    .find(Boolean);
  expect(await resetPassword(resetLink ?? "", "another long enough passphrase")).toMatchObject({
    outcome: "changed",
  });

  const queued = db.select({ subject: outbox.subject }).from(outbox).all();
  const transport = createSmtpTransport(sink.url);
  try {
    await deliverDueMessages(db, { email: emailCourier(transport, "site@example.com") });
  } finally {
    transport.close?.();
  }
  const received = await sink.waitForMessages(queued.length);

  // Contact, the assessment's two, sign-up's two, the owner's note and the approval, the
  // invitation, the password link and its notice.
  expect(new Set(received.map((mail) => mail.subject)).size).toBe(10);
  expect(received.map((mail) => mail.subject).sort()).toEqual(
    queued.map((row) => row.subject).sort(),
  );
  for (const mail of received) {
    expect(mail.autoSubmitted, mail.subject).toBe("auto-generated");
  }
});
