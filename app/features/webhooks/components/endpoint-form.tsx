// Adding or editing a webhook endpoint: its address, what it is for, and the events it receives.
import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormField, inputClass } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import type { FormReply } from "~/lib/form-action.server";
import { DESCRIPTION_MAX_LENGTH, URL_MAX_LENGTH, endpointSchema } from "../endpoint-form";
import { WEBHOOK_EVENTS } from "../events";

export function EndpointForm({
  lastResult,
  defaultValue,
  submitLabel = "Add endpoint",
}: {
  lastResult: FormReply["result"] | undefined;
  /** The endpoint as it is, when editing one. */
  defaultValue?: { url: string; description: string; events: string[] };
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    constraint: {
      url: { required: true, maxLength: URL_MAX_LENGTH },
      description: { maxLength: DESCRIPTION_MAX_LENGTH },
      events: { required: true },
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: endpointSchema }),
  });
  const eventsErrorId = fields.events.errorId;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 max-w-2xl space-y-5">
      <FormField label="Endpoint URL" required field={fields.url}>
        <input
          {...getInputProps(fields.url, { type: "url" })}
          placeholder="https://hooks.example.com/leads"
          autoComplete="off"
          className={inputClass}
        />
      </FormField>
      <FormField label="Description" field={fields.description}>
        <input {...getInputProps(fields.description, { type: "text" })} className={inputClass} />
      </FormField>
      <fieldset aria-describedby={fields.events.errors ? eventsErrorId : undefined}>
        <legend className="font-medium text-navy">
          Events
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </legend>
        <div className="mt-2 space-y-2">
          {getCollectionProps(fields.events, {
            type: "checkbox",
            options: WEBHOOK_EVENTS.map((event) => event.type),
          }).map((props) => {
            const event = WEBHOOK_EVENTS.find((candidate) => candidate.type === props.value);
            return (
              <label key={props.key} className="flex items-start gap-2">
                <input {...props} key={props.key} className="mt-1 size-4" />
                <span>
                  <span className="font-medium text-navy">{event?.label}</span>
                  <span className="block text-sm text-ink-soft">{event?.description}</span>
                </span>
              </label>
            );
          })}
        </div>
        {fields.events.errors?.length ? (
          <p id={eventsErrorId} className="mt-1 text-sm text-red-700">
            {fields.events.errors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        {submitLabel}
      </Button>
    </Form>
  );
}
