// /book/manage/<token>: a booked call, reached only by the signed link in its emails; until it
// starts the visitor cancels it or moves it to another open time, each confirmed on a step first.
import type { Route } from "./+types/book.manage.$token";
import { data, useActionData, useLoaderData } from "react-router";
import {
  BookingNotFound,
  ManageCall,
  type ManagePage,
  type ManageReply,
  type ManageStep,
} from "~/features/booking";
import {
  bookingOfManageToken,
  callTimeView,
  cancelBooking,
  currentOpenTimes,
  instantOfStartParam,
  moveBooking,
  readBookingSettings,
  timeView,
  timesByDay,
  type Booking,
} from "~/features/booking/index.server";
import { readForm, refusedForm } from "~/lib/form-action.server";
import { privateNoStore } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

// One visitor's call, and its address is the key to it: never stored, never indexed.
export const headers: Route.HeadersFunction = () => privateNoStore;

const notFound = () =>
  data({ state: "not-found" } as const, { status: 404, headers: privateNoStore });

const isStarted = (booking: Booking, now: Date) => booking.startsAt.getTime() <= now.getTime();

export function loader({ request, params }: Route.LoaderArgs) {
  const booking = bookingOfManageToken(params.token);
  if (!booking) return notFound();
  const url = new URL(request.url);
  const now = new Date();
  const zone = booking.visitorTimeZone;
  const state: ManagePage["state"] =
    booking.status === "cancelled" ? "cancelled" : isStarted(booking, now) ? "started" : "upcoming";
  const open =
    state === "upcoming"
      ? currentOpenTimes(now, booking.id).filter(
          (instant) => instant.getTime() !== booking.startsAt.getTime(),
        )
      : [];
  const moveTo = instantOfStartParam(url.searchParams.get("move") ?? undefined);
  const step: ManageStep =
    state !== "upcoming"
      ? { kind: "none" }
      : url.searchParams.has("cancel")
        ? { kind: "cancel" }
        : moveTo && open.some((instant) => instant.getTime() === moveTo.getTime())
          ? {
              kind: "move",
              to: callTimeView(moveTo, zone, siteConfig.timeZone),
              start: url.searchParams.get("move") ?? "",
            }
          : { kind: "none" };
  const page: ManagePage = {
    state,
    time: callTimeView(booking.startsAt, zone, siteConfig.timeZone),
    // From the token, not the request: a script's request for the data ends in ".data".
    path: `/book/manage/${params.token}`,
    step,
    days: timesByDay(open, zone),
    horizonDays: readBookingSettings().horizonDays,
  };
  return data(page, { headers: privateNoStore });
}

export async function action(args: Route.ActionArgs) {
  const path = `/book/manage/${args.params.token}`;
  const read = await readForm(args, { rateLimit: "bookingPerAddress" });
  if (read.refused) return refusedForm(read.refused, privateNoStore);
  const booking = bookingOfManageToken(args.params.token);
  if (!booking) return notFound();
  const refused = (status: number, title: string, description: string, nearest?: Date[]) =>
    data<ManageReply>(
      {
        notice: makeToast("error", title, description),
        nearest: nearest?.map((instant) => timeView(instant, booking.visitorTimeZone)),
      },
      { status, headers: privateNoStore },
    );
  const gone = () =>
    refused(409, "This call can no longer be changed", "It has started, or was cancelled.");
  const intent = read.formData.get("intent");
  if (intent === "cancel") {
    const outcome = await cancelBooking(booking.uid, "visitor");
    if (outcome.kind !== "done") return gone();
    const toast = makeToast("success", "Your call is cancelled", "We have let the team know.");
    return redirectWithToast(path, toast, { status: 303 });
  }
  const start = instantOfStartParam(String(read.formData.get("start") ?? ""));
  if (intent !== "move" || !start) {
    return refused(400, "Error", "Please choose a time from the list.");
  }
  const outcome = await moveBooking(booking.uid, start);
  if (outcome.kind === "gone") return gone();
  if (outcome.kind === "taken") {
    return refused(
      409,
      "That time was just taken",
      "Someone booked it a moment ago. Choose one of the nearest open times.",
      outcome.nearest,
    );
  }
  const when = timeView(outcome.booking.startsAt, booking.visitorTimeZone).name;
  const toast = makeToast("success", "Your call is moved", `It is now on ${when}.`);
  return redirectWithToast(path, toast, { status: 303 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your call",
    description: "Your discovery call: cancel it or move it to another time.",
    indexable: false,
  });

export default function ManageBooking() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (page.state === "not-found") return <BookingNotFound />;
  return <ManageCall page={page} reply={reply && "notice" in reply ? reply : undefined} />;
}
