// The emails a booked call sends: the visitor's (booked, moved, cancelled, the reminder), in the
// zone they chose, with their signed link to cancel or move; and the firm's, in the firm's zone,
// with the prospect's details and assessment. Each names its zone, so nobody guesses the clock.
import {
  AddressLink,
  DetailsTable,
  EmailButton,
  EmailLayout,
  MailtoLink,
  RepliesWelcomeFooter,
  Paragraph,
  SectionLabel,
  TypedText,
  type DetailsRow,
} from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";
import { callTimeInZone } from "../call-time";
import type { Booking } from "../queries.server";

/** What the emails show of a call: the stored booking's fields, before or after it is written. */
export type CallDetails = Pick<
  Booking,
  "startsAt" | "endsAt" | "fullName" | "email" | "company" | "phone" | "topic" | "visitorTimeZone"
> &
  Partial<Pick<Booking, "cancelledBy">>;

/** What happened to the call; a reminder changes nothing. */
export type CallNews = "booked" | "moved" | "cancelled" | "reminder";

/** The prospect's assessment as the firm's email shows it. */
export type AssessmentFacts = {
  efficiencyScore: number;
  level: string;
  recommendation: string;
  uncertainCount: number;
  adminUrl: string;
};

export type Site = { brand: string; email: string; origin: string; timeZone: string };

const minutesOf = (call: Pick<Booking, "startsAt" | "endsAt">) =>
  `${Math.round((call.endsAt.getTime() - call.startsAt.getTime()) / 60_000)} minutes`;

const visitorSubjects: Record<CallNews, (brand: string) => string> = {
  booked: (brand) => `Your call with ${brand} is booked`,
  moved: (brand) => `Your call with ${brand} has a new time`,
  cancelled: (brand) => `Your call with ${brand} is cancelled`,
  reminder: (brand) => `Reminder: your call with ${brand} is coming up`,
};

function visitorOpening(news: CallNews, call: CallDetails, brand: string) {
  switch (news) {
    case "booked":
      return `Thank you for booking a discovery call with ${brand}. It is in the invitation attached: add it to your calendar.`;
    case "moved":
      return `Your discovery call with ${brand} has moved to the time below. The attached update moves it in your calendar.`;
    case "cancelled":
      return call.cancelledBy === "staff"
        ? `${brand} had to cancel your discovery call. We are sorry: please book another time that suits you. The attached cancellation removes it from your calendar.`
        : `Your discovery call with ${brand} is cancelled, as you asked. The attached cancellation removes it from your calendar.`;
    case "reminder":
      return `A reminder: your discovery call with ${brand} is coming up.`;
  }
}

function VisitorEmail({
  news,
  call,
  site,
  manageUrl,
  subject,
}: {
  news: CallNews;
  call: CallDetails;
  site: Site;
  manageUrl: string;
  subject: string;
}) {
  const bookUrl = new URL("/book", site.origin).href;
  return (
    <EmailLayout
      brand={site.brand}
      heading={subject}
      footer={<RepliesWelcomeFooter brand={site.brand} email={site.email} />}
    >
      <Paragraph>{`Hello ${call.fullName},`}</Paragraph>
      <Paragraph>{visitorOpening(news, call, site.brand)}</Paragraph>
      <DetailsTable
        rows={[
          [news === "cancelled" ? "Was" : "When", callTimeInZone(call, call.visitorTimeZone)],
          ["Length", minutesOf(call)],
          ...(call.topic ? ([["Topic", call.topic]] as DetailsRow[]) : []),
        ]}
      />
      {news === "cancelled" ? (
        <>
          <EmailButton href={bookUrl}>Book another time</EmailButton>
          <Paragraph>
            Book another time: <AddressLink href={bookUrl} />
          </Paragraph>
        </>
      ) : (
        <>
          <EmailButton href={manageUrl}>Cancel or move the call</EmailButton>
          <Paragraph>
            {"To cancel the call or move it to another time, until it starts: "}
            <AddressLink href={manageUrl} />
          </Paragraph>
        </>
      )}
    </EmailLayout>
  );
}

/** The visitor's email about their call, in their zone. */
export function visitorEmail(news: CallNews, call: CallDetails, site: Site, manageUrl: string) {
  const subject = visitorSubjects[news](site.brand);
  return renderEmail(
    subject,
    <VisitorEmail news={news} call={call} site={site} manageUrl={manageUrl} subject={subject} />,
  );
}

const firmSubjects: Record<Exclude<CallNews, "reminder">, string> = {
  booked: "New call booked",
  moved: "Call moved",
  cancelled: "Call cancelled",
};

function firmOpening(news: Exclude<CallNews, "reminder">, call: CallDetails, brand: string) {
  switch (news) {
    case "booked":
      return `${call.fullName} of ${call.company} booked a discovery call through the ${brand} website. The invitation is attached.`;
    case "moved":
      return `${call.fullName} of ${call.company} moved their discovery call to the time below. The attached update moves it in your calendar.`;
    case "cancelled":
      return `The discovery call with ${call.fullName} of ${call.company} was cancelled ${call.cancelledBy === "staff" ? "by staff" : "by the visitor"}. The attached cancellation removes it from your calendar.`;
  }
}

function FirmEmail({
  news,
  call,
  site,
  assessment,
  subject,
}: {
  news: Exclude<CallNews, "reminder">;
  call: CallDetails;
  site: Site;
  assessment: AssessmentFacts | null;
  subject: string;
}) {
  const bookingsUrl = new URL("/admin/bookings", site.origin).href;
  return (
    <EmailLayout
      brand={site.brand}
      heading={subject}
      footer={`Reply to this email to write to ${call.fullName} directly.`}
    >
      <Paragraph>{firmOpening(news, call, site.brand)}</Paragraph>
      <DetailsTable
        rows={[
          [news === "cancelled" ? "Was" : "When", callTimeInZone(call, site.timeZone)],
          ["Their time", callTimeInZone(call, call.visitorTimeZone)],
          ["Name", call.fullName],
          ["Company", call.company],
          ["Email", <MailtoLink key="email" email={call.email} />],
          ["Phone", call.phone || "not given"],
        ]}
      />
      {call.topic && (
        <>
          <SectionLabel>What they want to talk about:</SectionLabel>
          <TypedText text={call.topic} />
        </>
      )}
      {assessment ? (
        <>
          <SectionLabel>Their assessment:</SectionLabel>
          <DetailsTable
            rows={[
              ["Efficiency score", `${assessment.efficiencyScore}%`],
              ["Level", assessment.level],
              ["Recommendation", assessment.recommendation],
              ["Uncertain answers", String(assessment.uncertainCount)],
            ]}
          />
          <Paragraph>
            Their answers: <AddressLink href={assessment.adminUrl} />
          </Paragraph>
        </>
      ) : (
        <Paragraph>No assessment is linked to this call.</Paragraph>
      )}
      <Paragraph>
        Every call: <AddressLink href={bookingsUrl} />
      </Paragraph>
    </EmailLayout>
  );
}

/** The firm's email about a call, in the firm's zone. */
export function firmEmail(
  news: Exclude<CallNews, "reminder">,
  call: CallDetails,
  site: Site,
  assessment: AssessmentFacts | null,
) {
  const subject = `${firmSubjects[news]}: ${call.fullName}, ${call.company}`;
  return renderEmail(
    subject,
    <FirmEmail news={news} call={call} site={site} assessment={assessment} subject={subject} />,
  );
}
