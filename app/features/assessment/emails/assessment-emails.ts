// The two emails an assessment sends: the lead notification for the firm and the respondent's result.
import type { ContactDetails } from "../wizard";
import type { Attribution } from "../attribution";
import { answersInWords, type Answers, type AssessmentScore } from "../scoring";
import { detailsTableHtml, emailFrame, escapeHtml, mailtoHtml } from "~/features/outbox";

export type SubmittedAssessment = {
  submissionId: number;
  contact: ContactDetails;
  answers: Answers;
  score: AssessmentScore;
  attribution: Attribution | null;
};

const fullName = (contact: ContactDetails) => `${contact.firstName} ${contact.lastName}`;

export function ownerNotificationEmail(assessment: SubmittedAssessment, brand: string) {
  const { submissionId, contact, score, attribution } = assessment;
  const phone = contact.phone || "not given";
  const subject = `New assessment lead: ${contact.company} scored ${score.efficiencyScore}%`;
  const summary: [string, string][] = [
    ["Submission", `#${submissionId}`],
    ["Company", contact.company],
    ["Name", fullName(contact)],
    ["Email", contact.email],
    ["Phone", phone],
    ["Efficiency score", `${score.efficiencyScore}%`],
    ["Band score", `${score.bandScore} of 16`],
    ["Level", score.level.name],
    ["Recommendation", score.recommendation.title],
    ["Uncertain answers", String(score.uncertainCount)],
  ];
  const source = attributionLines(attribution);
  const answers = answersInWords(assessment.answers);

  const text = [
    `A visitor completed the Operational Efficiency Assessment on the ${brand} website.`,
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    "Answers:",
    ...answers.map(
      (item, index) => `${index + 1}. ${item.prompt}\n   ${item.answer} (${item.score} points)`,
    ),
    ...(source.length > 0 ? ["", "Source:", ...source.map(([k, v]) => `${k}: ${v}`)] : []),
    "",
    "Reply to this email to write to the visitor directly.",
  ].join("\n");

  const html = emailFrame({
    brand,
    heading: subject,
    body: `${detailsTableHtml(
      summary.map(([label, value]) => [
        label,
        label === "Email" ? mailtoHtml(value) : escapeHtml(value),
      ]),
    )}
<p style="margin:20px 0 8px;color:#33415c;font-weight:bold">Answers</p>
<ol style="margin:0;padding-left:20px;line-height:1.5">${answers
      .map(
        (item) =>
          `<li style="margin-bottom:8px">${escapeHtml(item.prompt)}<br><strong>${escapeHtml(item.answer)}</strong> (${item.score} points)</li>`,
      )
      .join("")}</ol>${
      source.length > 0
        ? `<p style="margin:20px 0 8px;color:#33415c;font-weight:bold">Source</p>${detailsTableHtml(
            source.map(([label, value]) => [label, escapeHtml(value)]),
          )}`
        : ""
    }
<p style="margin:24px 0 0;font-size:13px;color:#33415c">Reply to this email to write to the visitor directly.</p>`,
  });
  return { subject, text, html };
}

function attributionLines(attribution: Attribution | null): [string, string][] {
  if (!attribution) return [];
  const labelled: [string, string | null][] = [
    ["UTM source", attribution.utmSource],
    ["UTM medium", attribution.utmMedium],
    ["UTM campaign", attribution.utmCampaign],
    ["UTM term", attribution.utmTerm],
    ["UTM content", attribution.utmContent],
    ["Referrer", attribution.referrer],
  ];
  return labelled.filter((entry): entry is [string, string] => entry[1] !== null);
}

export function respondentResultEmail(
  assessment: Pick<SubmittedAssessment, "contact" | "score">,
  site: { brand: string; origin: string; email: string },
) {
  const { contact, score } = assessment;
  const { level, recommendation } = score;
  const contactUrl = new URL("/contact", site.origin).href;
  const subject = `Your Operational Efficiency Score: ${score.efficiencyScore}%`;
  const text = [
    `Hello ${contact.firstName},`,
    "",
    `Thank you for taking the Operational Efficiency Assessment for ${contact.company}.`,
    "",
    `Your efficiency score: ${score.efficiencyScore}%`,
    `Your level: ${level.name}`,
    `Typical time lost per employee each week: ${level.timeWaste}`,
    `Typical cost impact: ${level.costImpact} of payroll`,
    `Improvement opportunity: ${level.opportunity}`,
    "",
    `Recommended next step: ${recommendation.title}`,
    recommendation.description,
    "",
    `Get in touch: ${contactUrl}`,
    "",
    `${site.brand}`,
    `Questions? Reply to this email or write to ${site.email}.`,
  ].join("\n");
  const html = emailFrame({
    brand: site.brand,
    heading: subject,
    body: `<p style="margin:0 0 16px;line-height:1.5">Hello ${escapeHtml(contact.firstName)},<br>thank you for taking the Operational Efficiency Assessment for ${escapeHtml(contact.company)}.</p>
${detailsTableHtml([
  ["Efficiency score", `<strong>${score.efficiencyScore}%</strong>`],
  ["Level", escapeHtml(level.name)],
  ["Time lost per employee each week", escapeHtml(level.timeWaste)],
  ["Cost impact (share of payroll)", escapeHtml(level.costImpact)],
  ["Improvement opportunity", escapeHtml(level.opportunity)],
])}
<p style="margin:20px 0 4px;color:#33415c;font-weight:bold">Recommended next step: ${escapeHtml(recommendation.title)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(recommendation.description)}</p>
<p style="margin:0"><a href="${escapeHtml(contactUrl)}" style="display:inline-block;padding:10px 18px;background:#0a1628;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(recommendation.title)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#33415c">Questions? Reply to this email or write to ${mailtoHtml(site.email)}.</p>`,
  });
  return { subject, text, html };
}
