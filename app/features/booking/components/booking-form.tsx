// The booking form: who is coming and what about. The server checks it (its messages come back at
// each field); when the time was taken meanwhile, the nearest open times are buttons of this same
// form, so the next try posts everything typed to the time chosen.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { TextAreaField, TextInputField } from "~/components/ui/conform-fields";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { Toast } from "~/lib/toast";
import { TIME_ZONE_FIELD, bookingLimits } from "../form";
import { bookingTimeHref } from "../start-address";
import type { TimeView } from "../time-views";

export type BookingReply = {
  result: SubmissionResult<string[]> | null;
  notice: Toast | null;
  /** The nearest open times, when the one asked for was taken. */
  nearest?: TimeView[];
};

export type BookingDefaults = {
  fullName?: string;
  email?: string;
  company?: string;
  phone?: string;
};

const submitClass =
  "inline-flex w-full items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-wait disabled:opacity-70 sm:w-auto";

export function BookingForm({
  reply,
  defaults,
  timeZone,
  zoneParam,
}: {
  reply: BookingReply | undefined;
  defaults: BookingDefaults;
  /** The zone the visitor reads times in, posted for their emails. */
  timeZone: string;
  /** The zone the visitor chose, carried to another time's page; null for the firm's. */
  zoneParam: string | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm<BookingDefaults & { topic?: string; timeZone?: string }>({
    lastResult: reply?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const nearest = reply?.nearest ?? [];
  return (
    <section aria-labelledby="booking-form-heading">
      <h2 id="booking-form-heading" className="text-2xl font-semibold text-navy">
        Your details
      </h2>
      {reply?.notice ? (
        <div className="mt-6" key={reply.notice.id}>
          <ToastNotice toast={reply.notice} />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6">
        <fieldset disabled={sending} className="space-y-5">
          <legend className="sr-only">Your details</legend>
          {nearest.length > 0 ? (
            <div className="rounded-xl bg-paper p-6 ring-1 ring-line">
              <h3 className="text-lg font-semibold text-navy">Nearest open times</h3>
              <p className="mt-1 text-ink-soft">Book one of these with the details below.</p>
              <ul className="mt-4 flex flex-wrap gap-3">
                {nearest.map((time) => (
                  <li key={time.start}>
                    <button
                      type="submit"
                      formAction={bookingTimeHref(time.start, zoneParam)}
                      aria-label={`Book ${time.name} instead`}
                      className={submitClass}
                    >
                      {time.day}, {time.time}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <TextInputField
            label="Full Name"
            field={fields.fullName}
            required
            maxLength={bookingLimits.fullName}
            type="text"
            autoComplete="name"
          />
          <TextInputField
            label="Email Address"
            field={fields.email}
            required
            maxLength={bookingLimits.email}
            type="email"
            autoComplete="email"
          />
          <TextInputField
            label="Company"
            field={fields.company}
            required
            maxLength={bookingLimits.company}
            type="text"
            autoComplete="organization"
          />
          <TextInputField
            label="Phone Number"
            field={fields.phone}
            maxLength={bookingLimits.phone}
            type="tel"
            autoComplete="tel"
          />
          <TextAreaField
            label="What would you like to talk about?"
            field={fields.topic}
            required
            maxLength={bookingLimits.topic}
            rows={5}
          />
          <input type="hidden" name={TIME_ZONE_FIELD} value={timeZone} />
          {fields.timeZone.errors ? (
            <p className="text-sm text-red-700">{fields.timeZone.errors.join(" ")}</p>
          ) : null}
          <HoneypotField />
          <button type="submit" className={submitClass}>
            {sending ? "Booking..." : "Book this call"}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
