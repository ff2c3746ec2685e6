// A booked call's own page, reached by the signed link in its emails: the call in both zones, and
// until it starts, cancelling it or moving it. Each change is a link to a confirming step and a
// post from there, so nothing changes by a stray click, with or without JavaScript.
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { PageHero } from "~/components/ui/section";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { Toast } from "~/lib/toast";
import type { CallTimeView, DayOfTimes, TimeView } from "../time-views";
import { CallTime } from "./call-time";
import { OpenTimes } from "./open-times";
import { TimeLink } from "./time-link";

export type ManageStep =
  { kind: "none" } | { kind: "cancel" } | { kind: "move"; to: CallTimeView; start: string };

export type ManagePage = {
  state: "upcoming" | "started" | "cancelled";
  time: CallTimeView;
  path: string;
  step: ManageStep;
  days: DayOfTimes[];
  horizonDays: number;
};

export type ManageReply = { notice: Toast | null; nearest?: TimeView[] };

const linkClass = "font-medium text-brand-strong underline underline-offset-4";

export function ManageCall({ page, reply }: { page: ManagePage; reply: ManageReply | undefined }) {
  const busy = useNavigation().state === "submitting";
  const moveHref = (start: string) => `${page.path}?${new URLSearchParams({ move: start })}`;
  return (
    <>
      <PageHero eyebrow="Discovery call" title="Your call">
        <p>{stateLine[page.state]}</p>
      </PageHero>
      <div className="mx-auto max-w-6xl space-y-10 px-5 py-16 sm:px-8">
        <CallTime time={page.time} />
        {reply?.notice ? (
          <ToastNotice key={reply.notice.id} toast={reply.notice} takesFocus />
        ) : null}
        {reply?.nearest?.length ? (
          <section aria-labelledby="nearest-heading">
            <h2 id="nearest-heading" className="text-xl font-semibold text-navy">
              Nearest open times
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {reply.nearest.map((time) => (
                <li key={time.start} className="flex flex-col gap-1">
                  <span className="text-sm text-ink-soft">{time.day}</span>
                  <TimeLink time={time} href={moveHref(time.start)} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {page.state !== "upcoming" ? (
          <p>
            <Link to="/book" className={linkClass}>
              Book another call
            </Link>
          </p>
        ) : page.step.kind === "cancel" ? (
          <ConfirmStep
            title="Cancel this call?"
            path={page.path}
            submit={{ intent: "cancel", label: "Yes, cancel the call", variant: "danger" }}
            keepLabel="Keep the call"
            busy={busy}
          >
            <p className="text-ink-soft">The time will be offered to others at once.</p>
          </ConfirmStep>
        ) : page.step.kind === "move" ? (
          <ConfirmStep
            title="Move the call to this time?"
            path={page.path}
            submit={{ intent: "move", label: "Yes, move the call", variant: "primary" }}
            keepLabel="Keep the current time"
            busy={busy}
            fields={{ start: page.step.start }}
          >
            <CallTime time={page.step.to} />
          </ConfirmStep>
        ) : (
          <>
            <p>
              <Link
                to={`${page.path}?cancel`}
                className={buttonClassName({ variant: "secondary", size: "large" })}
              >
                Cancel this call
              </Link>
            </p>
            <section aria-labelledby="move-heading" className="space-y-6">
              <div>
                <h2 id="move-heading" className="text-2xl font-semibold text-navy">
                  Move the call
                </h2>
                <p className="mt-2 text-ink-soft">
                  Choose another time; you will confirm it on the next step.
                </p>
              </div>
              <OpenTimes days={page.days} hrefOf={moveHref} horizonDays={page.horizonDays} />
            </section>
          </>
        )}
      </div>
    </>
  );
}

/** The step that asks before a change: what it will do, the button that does it, a way back. */
function ConfirmStep({
  title,
  path,
  submit,
  keepLabel,
  busy,
  fields = {},
  children,
}: {
  title: string;
  path: string;
  submit: { intent: string; label: string; variant: "danger" | "primary" };
  keepLabel: string;
  busy: boolean;
  fields?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="confirm-heading" className="space-y-4">
      <h2 id="confirm-heading" className="text-2xl font-semibold text-navy">
        {title}
      </h2>
      {children}
      <Form method="post" action={path} className="flex flex-wrap items-center gap-4">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          name="intent"
          value={submit.intent}
          disabled={busy}
          className={buttonClassName({ variant: submit.variant, size: "large" })}
        >
          {submit.label}
        </button>
        <Link to={path} className={linkClass}>
          {keepLabel}
        </Link>
      </Form>
    </section>
  );
}

const stateLine: Record<ManagePage["state"], string> = {
  upcoming: "Here you can cancel the call or move it to another time until it starts.",
  started: "This call has started or is over, so it can no longer be changed.",
  cancelled: "This call was cancelled.",
};
