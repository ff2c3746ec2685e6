// What the privacy policy states from the install's own settings: the retention periods in force,
// and who receives personal data from the site (the mail server, the webhook endpoints).
import { mailServerHost } from "~/features/outbox/index.server";
import { leadRecipients } from "~/features/webhooks/index.server";
import type { Queryable } from "~/lib/db-client.server";
import { RETENTION_PERIOD_NAMES } from "~/lib/retention-periods";
import { retentionSettings } from "~/lib/retention.server";
import type { Processors } from "./components/processors";

export function privacyPolicyFacts(db: Queryable) {
  const periods = retentionSettings(db);
  const values = Object.fromEntries(
    RETENTION_PERIOD_NAMES.map((name) => [name, String(periods[name])]),
  );
  const processors: Processors = {
    mailServer: mailServerHost(),
    leadRecipients: leadRecipients(db),
  };
  return { values, processors };
}
