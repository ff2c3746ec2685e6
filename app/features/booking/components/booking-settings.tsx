// The booking rules as staff change them: the weekly hours, a call's length and grid, the notice
// and how far ahead; and the days off, added and removed. Plain forms that post without
// JavaScript; with it, conform checks each field as it is left.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/form-action.server";
import {
  ADD_DAY_OFF_INTENT,
  NOTE_MAX_LENGTH,
  PERIODS_MAX_LENGTH,
  REMOVE_DAY_OFF_INTENT,
  RULE_LIMITS,
  SAVE_RULES_INTENT,
  WEEKDAYS,
  bookingRulesSchema,
  dayOffSchema,
  type BookingRulesFields,
} from "../rules-form";

type LastResult = FormReply["result"] | undefined;

/** Which form a reply belongs to: conform sends the posted fields back, the intent among them. */
function replyIntent(result: LastResult) {
  const intent = result?.initialValue?.intent;
  return typeof intent === "string" ? intent : null;
}

const numberFields = [
  { name: "callMinutes", label: "Call length (minutes)", limits: RULE_LIMITS.callMinutes },
  {
    name: "startEveryMinutes",
    label: "Calls start every (minutes)",
    limits: RULE_LIMITS.startEveryMinutes,
  },
  { name: "noticeHours", label: "Minimum notice (hours)", limits: RULE_LIMITS.noticeHours },
  { name: "horizonDays", label: "Offered ahead (days)", limits: RULE_LIMITS.horizonDays },
] as const;

export function BookingRulesForm({
  defaultValue,
  lastResult,
  timeZone,
}: {
  defaultValue: BookingRulesFields;
  lastResult: LastResult;
  /** The firm's zone as the form names it: "America/Denver (MST)". */
  timeZone: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "booking-rules",
    lastResult: replyIntent(lastResult) === SAVE_RULES_INTENT ? lastResult : undefined,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingRulesSchema }),
  });
  const hintId = `${form.id}-hours-hint`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="booking-rules-heading"
      noValidate
      className="mt-4 max-w-2xl space-y-6"
    >
      <input type="hidden" name="intent" value={SAVE_RULES_INTENT} />
      <fieldset>
        <legend className="font-medium text-navy">Weekly hours</legend>
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          Wall times in {timeZone}. One or more open periods a day, such as 09:00-12:00,
          13:00-17:00; leave a day empty when the firm takes no calls.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {WEEKDAYS.map(({ field, label }) => (
            <FormField key={field} label={label} sometimesRequired field={fields[field]}>
              <input
                {...getInputProps(fields[field], { type: "text", ariaDescribedBy: hintId })}
                maxLength={PERIODS_MAX_LENGTH}
                placeholder="Closed"
                autoComplete="off"
                className={inputClass}
              />
            </FormField>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {numberFields.map(({ name, label, limits }) => (
          <FormField key={name} label={label} required field={fields[name]}>
            <input
              {...getInputProps(fields[name], { type: "number" })}
              min={limits.min}
              max={limits.max}
              step={1}
              required
              inputMode="numeric"
              className={inputClass}
            />
          </FormField>
        ))}
      </div>
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        Save hours
      </Button>
    </Form>
  );
}

export function DayOffForm({ lastResult, timeZone }: { lastResult: LastResult; timeZone: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "day-off",
    lastResult: replyIntent(lastResult) === ADD_DAY_OFF_INTENT ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dayOffSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="days-off-heading"
      noValidate
      className="mt-4 flex max-w-2xl flex-wrap items-end gap-4"
    >
      <input type="hidden" name="intent" value={ADD_DAY_OFF_INTENT} />
      <div className="w-48">
        <FormField label={`Day (${timeZone})`} required field={fields.day}>
          <input {...getInputProps(fields.day, { type: "date" })} required className={inputClass} />
        </FormField>
      </div>
      <div className="min-w-48 flex-1">
        <FormField label="Note" field={fields.note}>
          <input
            {...getInputProps(fields.note, { type: "text" })}
            maxLength={NOTE_MAX_LENGTH}
            placeholder="Thanksgiving"
            className={inputClass}
          />
        </FormField>
      </div>
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        Add day off
      </Button>
    </Form>
  );
}

/** A day off's Remove button; removing one only offers its times again, so it does not ask. */
export function RemoveDayOffButton({ day, label }: { day: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="day" value={day} />
      <Button
        type="submit"
        name="intent"
        value={REMOVE_DAY_OFF_INTENT}
        size="small"
        aria-label={`Remove the day off ${label}`}
      >
        Remove
      </Button>
    </Form>
  );
}
