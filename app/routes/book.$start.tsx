// /book/<start>: one open time, in the visitor's zone and the firm's, and the form that books it.
// A time taken meanwhile answers 409 with the nearest open times and everything typed.
import type { Route } from "./+types/book.$start";
import { Link, data, useActionData, useLoaderData } from "react-router";
import { HONEYPOT_FIELD } from "~/components/ui/honeypot-field";
import { PageHero } from "~/components/ui/section";
import { bookHero } from "~/content/heroes";
import { resultContactOf } from "~/features/assessment/index.server";
import {
  BookingFormLater,
  BookingNotFound,
  BookingTimeGone,
  CallTime,
  bookingListHref,
  type BookingReply,
} from "~/features/booking";
import {
  bookCall,
  bookingRequestSchema,
  callTimeView,
  currentOpenTimes,
  instantOfStartParam,
  readBookingSettings,
  managePath,
  nearestOpenTimes,
  timeView,
  zoneChoiceOf,
} from "~/features/booking/index.server";
import { parseFields, readForm, refusedForm, tooManyAttemptsReply } from "~/lib/form-action.server";
import { privateNoStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { rateLimiter } from "~/lib/rate-limit.server";
import { siteConfig } from "~/lib/site-config.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

// The form may start from the visitor's own assessment: a page for them alone.
export const headers: Route.HeadersFunction = () => privateNoStore;

const notFound = () =>
  data({ state: "not-found" } as const, { status: 404, headers: privateNoStore });

export async function loader({ request, params }: Route.LoaderArgs) {
  const start = instantOfStartParam(params.start);
  if (!start) return notFound();
  const choice = zoneChoiceOf(new URL(request.url));
  const open = currentOpenTimes();
  const time = callTimeView(start, choice.zone, siteConfig.timeZone);
  const view = {
    zone: choice.zone,
    chosen: choice.chosen,
    unknownZone: choice.unknown ?? null,
    callMinutes: readBookingSettings().callMinutes,
  };
  if (!open.some((instant) => instant.getTime() === start.getTime())) {
    const nearest = nearestOpenTimes(start, open).map((instant) => timeView(instant, choice.zone));
    return data({ state: "gone", time, nearest, ...view } as const, {
      status: 409,
      headers: privateNoStore,
    });
  }
  const contact = await resultContactOf(request);
  const defaults = contact
    ? {
        fullName: contact.fullName,
        email: contact.email,
        company: contact.company,
        phone: contact.phone,
      }
    : {};
  return data({ state: "open", time, defaults, ...view } as const, {
    status: choice.unknown ? 400 : 200,
    headers: privateNoStore,
  });
}

const bookedToast = () =>
  makeToast(
    "success",
    "Your call is booked",
    "We have sent the invitation to your email. Keep this page's address to cancel or move the call.",
  );

export async function action(args: Route.ActionArgs) {
  const start = instantOfStartParam(args.params.start);
  if (!start) return notFound();
  const read = await readForm(args, {
    rateLimit: "bookingPerAddress",
    tooMany: {
      title: "Too many bookings",
      description:
        "There have been several bookings from here in a short time. Please wait a few minutes and try again, or email us directly.",
    },
  });
  if (read.refused) return refusedForm(read.refused, privateNoStore);
  if (read.formData.get(HONEYPOT_FIELD)) {
    // Answer a bot as a person, so it learns nothing; book nothing.
    logEvent("warn", "honeypot_triggered", { path: "/book" });
    return redirectWithToast("/book", bookedToast(), { status: 303 });
  }
  const parsed = parseFields(read.formData, bookingRequestSchema, { headers: privateNoStore });
  if (parsed.refused) return parsed.refused;
  const { submission, value } = parsed;
  const perEmail = await rateLimiter("bookingPerEmail").hit(value.email.toLowerCase());
  if (!perEmail.allowed) {
    return tooManyAttemptsReply(perEmail.retryAfterSeconds, submission.reply(), privateNoStore);
  }
  // A disk that fails here is answered 503 by the error page, as on every route (entry.server).
  const contact = await resultContactOf(args.request);
  const outcome = await bookCall({
    startsAt: start,
    ...value,
    visitorTimeZone: value.timeZone,
    assessmentSubmissionId: contact?.submissionId ?? null,
  });
  if (outcome.kind === "booked") {
    return redirectWithToast(managePath(outcome.key), bookedToast(), { status: 303 });
  }
  return data<BookingReply>(
    {
      result: submission.reply(),
      notice: makeToast(
        "error",
        "That time was just taken",
        "Someone booked it a moment ago. Choose one of the nearest open times; your details are kept.",
      ),
      nearest: outcome.nearest.map((instant) => timeView(instant, value.timeZone)),
    },
    { status: 409, headers: privateNoStore },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title:
      args.loaderData?.state === "open"
        ? `${bookHero.title}: ${args.loaderData.time.visitor.name}`
        : bookHero.title,
    description: "Book a free discovery call with a senior consultant at the time you chose.",
    indexable: false,
  });

// One object for every render: the form drawn later is memoised on its props (decision 057).
const NO_DEFAULTS = {};

export default function BookTime() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (page.state === "not-found") return <BookingNotFound />;
  if (page.state === "gone" && !reply) {
    return <BookingTimeGone time={page.time} nearest={page.nearest} zone={page.chosen} />;
  }
  return (
    <>
      <PageHero eyebrow={bookHero.eyebrow} title="Book this time">
        <p>A {page.callMinutes}-minute call with one of our senior consultants.</p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[3fr_2fr]">
        <BookingFormLater
          reply={reply && "result" in reply ? reply : undefined}
          defaults={page.state === "open" ? page.defaults : NO_DEFAULTS}
          timeZone={page.zone}
          zoneParam={page.chosen}
        />
        <aside className="space-y-4 rounded-xl bg-paper p-8 ring-1 ring-line lg:self-start">
          <CallTime time={page.time} />
          {page.unknownZone ? (
            <p role="alert" className="text-red-800">
              We do not know the time zone &ldquo;{page.unknownZone}&rdquo;, so the time is shown in
              ours.
            </p>
          ) : null}
          <p>
            <Link
              to={bookingListHref(page.chosen)}
              className="font-medium text-brand-strong underline underline-offset-4"
            >
              Choose another time
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
