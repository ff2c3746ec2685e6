// The two emails an assessment sends: the lead notification for the firm and the respondent's result.
import type { ContactDetails } from "../wizard";
import type { Attribution } from "../attribution";
import { answersInWords, type Answers, type AssessmentScore } from "../scoring";
import {
  AddressLink,
  DetailsTable,
  EmailButton,
  EmailLayout,
  MailtoLink,
  RepliesWelcomeFooter,
  Paragraph,
  SectionLabel,
  type DetailsRow,
} from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";
import { REPORT_LINK_DAYS, updatesLinkUrl } from "../report-link.server";
import { countOf } from "~/lib/plural";
import { recommendationCallToAction } from "~/content/calls-to-action";

export type SubmittedAssessment = {
  /** The stored id, or renderEmailAwaitingId's stand-in when the email is rendered before it. */
  submissionId: number | string;
  contact: ContactDetails;
  answers: Answers;
  score: AssessmentScore;
  attribution: Attribution | null;
};

const fullName = (contact: ContactDetails) => `${contact.firstName} ${contact.lastName}`;

function attributionRows(attribution: Attribution | null): DetailsRow[] {
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

function OwnerNotificationEmail({
  assessment,
  brand,
  subject,
}: {
  assessment: SubmittedAssessment;
  brand: string;
  subject: string;
}) {
  const { submissionId, contact, score, attribution } = assessment;
  const source = attributionRows(attribution);
  return (
    <EmailLayout
      brand={brand}
      heading={subject}
      footer="Reply to this email to write to the visitor directly."
    >
      <Paragraph>
        {`A visitor completed the Operational Efficiency Assessment on the ${brand} website.`}
      </Paragraph>
      <DetailsTable
        rows={[
          ["Submission", `#${submissionId}`],
          ["Company", contact.company],
          ["Name", fullName(contact)],
          ["Email", <MailtoLink key="email" email={contact.email} />],
          ["Phone", contact.phone || "not given"],
          ["Efficiency score", `${score.efficiencyScore}%`],
          ["Band score", `${score.bandScore} of 16`],
          ["Level", score.level.name],
          ["Recommendation", score.recommendation.title],
          ["Uncertain answers", String(score.uncertainCount)],
        ]}
      />
      <SectionLabel>Answers:</SectionLabel>
      <ol style={{ margin: "0 0 16px", paddingLeft: "20px", lineHeight: 1.5 }}>
        {answersInWords(assessment.answers).map((item) => (
          <li key={item.id} style={{ marginBottom: "8px" }}>
            {item.prompt}
            <br />
            <strong>{item.answer}</strong>
            {` (${countOf(item.score, "point")})`}
          </li>
        ))}
      </ol>
      {source.length > 0 && (
        <>
          <SectionLabel>Source:</SectionLabel>
          <DetailsTable rows={source} />
        </>
      )}
    </EmailLayout>
  );
}

export function ownerNotificationEmail(assessment: SubmittedAssessment, brand: string) {
  const { contact, score } = assessment;
  const subject = `New assessment lead: ${contact.company} scored ${score.efficiencyScore}%`;
  return renderEmail(
    subject,
    <OwnerNotificationEmail assessment={assessment} brand={brand} subject={subject} />,
  );
}

type Site = { brand: string; origin: string; email: string };

type RespondentResult = Pick<SubmittedAssessment, "contact" | "score"> & {
  /** The signed, expiring address of their report (PDF). */
  reportUrl: string;
};

function RespondentResultEmail({
  assessment,
  site,
  subject,
}: {
  assessment: RespondentResult;
  site: Site;
  subject: string;
}) {
  const { contact, score } = assessment;
  const { level, recommendation } = score;
  const contactUrl = new URL("/contact", site.origin).href;
  // The updates are subscribed to with a button, which an email cannot hold: its link leads to
  // the page that has it, behind the same signature as the report's.
  const nextStepUrl =
    recommendation.kind === "low"
      ? updatesLinkUrl(assessment.reportUrl)
      : new URL(recommendationCallToAction(recommendation).to, site.origin).href;
  return (
    <EmailLayout
      brand={site.brand}
      heading={subject}
      footer={<RepliesWelcomeFooter brand={site.brand} email={site.email} />}
    >
      <Paragraph>{`Hello ${contact.firstName},`}</Paragraph>
      <Paragraph>
        {`Thank you for taking the Operational Efficiency Assessment for ${contact.company}.`}
      </Paragraph>
      <DetailsTable
        rows={[
          ["Your efficiency score", <strong key="score">{`${score.efficiencyScore}%`}</strong>],
          ["Your level", level.name],
          ["Typical time lost per employee each week", level.timeWaste],
          ["Typical cost impact", `${level.costImpact} of payroll`],
          ["Improvement opportunity", level.opportunity],
        ]}
      />
      <EmailButton href={assessment.reportUrl}>Download your report (PDF)</EmailButton>
      <Paragraph>
        {"Download your report (PDF), with your ten answers: "}
        <AddressLink href={assessment.reportUrl} />
        {` (the link works for ${REPORT_LINK_DAYS} days).`}
      </Paragraph>
      <SectionLabel>{`Recommended next step: ${recommendation.title}`}</SectionLabel>
      <Paragraph>{recommendation.description}</Paragraph>
      <EmailButton href={nextStepUrl}>{recommendation.title}</EmailButton>
      {recommendation.kind === "low" ? (
        <Paragraph>
          Subscribe: <AddressLink href={nextStepUrl} />
        </Paragraph>
      ) : null}
      <Paragraph>
        Get in touch: <AddressLink href={contactUrl} />
      </Paragraph>
    </EmailLayout>
  );
}

export function respondentResultEmail(assessment: RespondentResult, site: Site) {
  const subject = `Your Operational Efficiency Score: ${assessment.score.efficiencyScore}%`;
  return renderEmail(
    subject,
    <RespondentResultEmail assessment={assessment} site={site} subject={subject} />,
  );
}
