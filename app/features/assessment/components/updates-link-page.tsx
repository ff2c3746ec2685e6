// The page behind the subscribe link in the result email and the PDF report: the one button that
// sends the opt-in email, or why the link no longer leads to it. Opening the page sends nothing,
// since mail scanners open every link they find.
import { Link } from "react-router";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import type { FormReply } from "~/lib/form-action.server";
import { recommendations } from "../scoring";
import { UpdatesButton } from "./updates-button";

export type UpdatesLinkProblem = "expired" | "invalid" | "missing";

const problems = (linkDays: number) => ({
  expired: {
    eyebrow: "410",
    title: "This link has expired",
    text: `Links in your results work for ${linkDays} days, to keep your answers private. Take the assessment again for a new one, or send us a message and we will add you.`,
  },
  invalid: {
    eyebrow: "404",
    title: "This link is not valid",
    text: "The link may have been cut short on its way here. Open it again from your email or report, or take the assessment again.",
  },
  missing: {
    eyebrow: "404",
    title: "We could not find your assessment",
    text: "The assessment this link was made for is no longer stored. Take the assessment again, or send us a message and we will add you.",
  },
});

export function UpdatesLinkPage({
  problem,
  linkDays,
  action,
  reply,
}: {
  problem: UpdatesLinkProblem | null;
  /** How long the signed links in the results work. */
  linkDays: number;
  action: string;
  reply: FormReply | undefined;
}) {
  if (problem) {
    const { eyebrow, title, text } = problems(linkDays)[problem];
    return (
      <PageHero eyebrow={eyebrow} title={title} fillsWindow>
        <p>{text}</p>
        <p className="mt-4">
          <Link
            to="/efficiency-assessment"
            className="font-medium text-white underline underline-offset-4"
          >
            Take the {figures.assessmentMinutes}-minute assessment again
          </Link>
          {" or "}
          <Link to="/contact" className="font-medium text-white underline underline-offset-4">
            send us a message
          </Link>
        </p>
      </PageHero>
    );
  }
  const { title, description } = recommendations.low;
  return (
    <>
      <PageHero eyebrow="Your recommended next step" title={title}>
        <p>{description}</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8 sm:py-16">
        <UpdatesButton action={action} reply={reply} />
      </div>
    </>
  );
}
