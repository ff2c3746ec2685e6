// Adding a staff calendar: a name, and its secret iCalendar address, with where Google and Outlook
// keep that address. The server reads it at once and refuses it, at the field, if it cannot.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextInputField } from "~/components/ui/conform-fields";
import type { FormReply } from "~/lib/form-action.server";
import { ADD_CALENDAR_INTENT, CALENDARS_PATH } from "../calendar-fields";
import { CALENDAR_URL_MAX_LENGTH, LABEL_MAX_LENGTH, calendarSchema } from "../calendar-form";

export function AddCalendarForm({ lastResult }: { lastResult: FormReply["result"] | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: calendarSchema }),
  });
  return (
    <Form
      method="post"
      action={CALENDARS_PATH}
      {...getFormProps(form)}
      noValidate
      className="mt-4 max-w-2xl space-y-5"
    >
      <input type="hidden" name="intent" value={ADD_CALENDAR_INTENT} />
      <TextInputField
        label="Name"
        required
        field={fields.label}
        type="text"
        maxLength={LABEL_MAX_LENGTH}
        placeholder="Dana's Google Calendar"
        autoComplete="off"
      />
      <TextInputField
        label="Secret address"
        required
        field={fields.url}
        type="url"
        maxLength={CALENDAR_URL_MAX_LENGTH}
        placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
        autoComplete="off"
      />
      <div className="space-y-2 text-sm text-ink-soft">
        <p>
          <strong className="text-navy">Google Calendar:</strong> in Settings, choose the calendar
          under &ldquo;Settings for my calendars&rdquo;, then copy its &ldquo;Secret address in iCal
          format&rdquo; from &ldquo;Integrate calendar&rdquo;.
        </p>
        <p>
          <strong className="text-navy">Outlook:</strong> in Settings, Calendar, Shared calendars,
          publish the calendar with &ldquo;Can view when I&apos;m busy&rdquo;, then copy its ICS
          link.
        </p>
        <p>
          Only the times of events are kept, never their titles. Anyone with the address can read
          the calendar, so it is shown here only in part once added.
        </p>
      </div>
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        Add calendar
      </Button>
    </Form>
  );
}
