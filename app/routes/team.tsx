// Team: the three people who lead every engagement, with portrait, title, bio and focus.
import type { Route } from "./+types/team";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { team, type TeamProfile } from "~/content/team";
import { teamHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";
import { ClosingCall } from "~/components/closing-call";
import { callsToAction } from "~/content/calls-to-action";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "The Team Behind the Results",
    description:
      "Meet the operational systems designer, technology integration specialist and change management expert who personally lead every engagement, from the first interview to the hand-over.",
    image: pageShareImage(args.matches, "team"),
  });

export default function Team() {
  return (
    <>
      <PageHero eyebrow={teamHero.eyebrow} title={teamHero.title}>
        <p>
          Lasting operational change needs three things at once: a process that makes sense,
          technology that supports it and people who choose to work that way. Each of us owns one of
          those disciplines, and all of us work on every engagement. You will never be handed over
          to a junior analyst.
        </p>
      </PageHero>

      {team.map((member, index) => (
        <MemberProfile key={member.id} member={member} index={index} />
      ))}

      <ClosingCall
        heading="Bring Us Your Most Stubborn Process"
        primary={callsToAction.talkToTheTeam}
        secondary={callsToAction.takeTheAssessment}
      >
        Tell us where work slows down and the right person on the team will reply within{" "}
        {figures.replyWithinHours} hours. Prefer to start with numbers? The assessment shows where
        your operations stand in about {figures.assessmentMinutes} minutes.
      </ClosingCall>
    </>
  );
}

function MemberProfile({ member, index }: { member: TeamProfile; index: number }) {
  const nameId = `${member.id}-name`;
  // Alternating the portrait's side keeps three long profiles from reading as one wall of text.
  const reversed = index % 2 === 1;
  return (
    <article id={member.id} aria-labelledby={nameId} className={reversed ? "bg-paper" : "bg-white"}>
      <div
        className={`mx-auto grid max-w-6xl items-start gap-8 px-5 py-16 sm:px-8 sm:py-20 md:gap-14 ${
          reversed ? "md:grid-cols-[1fr_minmax(0,18rem)]" : "md:grid-cols-[minmax(0,18rem)_1fr]"
        }`}
      >
        <img
          src={member.image}
          alt={`Portrait of ${member.name}`}
          width={288}
          height={288}
          loading={index > 0 ? "lazy" : undefined}
          className={`aspect-square w-full max-w-56 rounded-2xl bg-paper shadow-sm ring-1 ring-line sm:max-w-72 ${
            reversed ? "md:order-last" : ""
          }`}
        />
        <div>
          <h2 id={nameId} className="text-3xl font-semibold text-navy sm:text-4xl">
            {member.name}
          </h2>
          <p className="mt-2 text-lg font-medium text-brand-strong">{member.title}</p>
          <div className="mt-6 max-w-3xl space-y-4 text-lg leading-relaxed text-ink-soft">
            {member.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <h3 className="mt-8 text-sm font-semibold tracking-wider text-ink-soft uppercase">
            Areas of focus
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {member.focus.map((area) => (
              <li
                key={area}
                className="rounded-full bg-brand-soft px-4 py-1.5 text-sm font-semibold text-brand-strong"
              >
                {area}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
