// The retention settings' form: one whole number per period, within the bounds the server holds
// (app/lib/retention-periods.ts). Safe in the browser, where conform checks each field as it is left.
import { z } from "zod";
import {
  RETENTION_PERIODS,
  RETENTION_PERIOD_NAMES,
  type RetentionPeriod,
  type RetentionSettings,
} from "~/lib/retention-periods";

/** Each period as the form and the privacy policy name it. */
export const PERIOD_LABELS: Record<RetentionPeriod, { label: string; hint: string }> = {
  leadsMonths: {
    label: "Leads (months)",
    hint: "Contact messages, assessments with their visits, CTA clicks, and booked calls from the end of the call, with the emails and webhook deliveries about them.",
  },
  emailBodiesDays: {
    label: "Bodies of delivered emails (days)",
    hint: "The text of each email sent, replaced by a note; who it went to, its subject and when stay.",
  },
  webhookLogDays: {
    label: "Webhook delivery log (days)",
    hint: "Each delivery with the copy of the lead it carried, from when it was delivered or given up.",
  },
  auditDays: {
    label: "Audit log (days)",
    hint: "What staff did; the database never lets an entry go sooner than 30 days.",
  },
};

function periodField(name: RetentionPeriod) {
  const { min, max, unit } = RETENTION_PERIODS[name];
  const outside = `Please enter ${min} to ${max} ${unit}.`;
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `Please enter a number of ${unit}.` : outside),
    })
    .int(`Please enter whole ${unit}.`)
    .min(min, outside)
    .max(max, outside);
}

export const retentionSchema = z.object(
  Object.fromEntries(RETENTION_PERIOD_NAMES.map((name) => [name, periodField(name)])) as Record<
    RetentionPeriod,
    ReturnType<typeof periodField>
  >,
) satisfies z.ZodType<RetentionSettings>;

/** The stored periods as the form's fields show them. */
export const retentionFormValues = (settings: RetentionSettings) =>
  Object.fromEntries(
    RETENTION_PERIOD_NAMES.map((name) => [name, String(settings[name])]),
  ) as Record<RetentionPeriod, string>;
