// The owner's form for the retention periods: a plain form that posts without JavaScript; with it,
// conform checks each field as it is left.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/form-action.server";
import {
  RETENTION_PERIODS,
  RETENTION_PERIOD_NAMES,
  type RetentionPeriod,
} from "~/lib/retention-periods";
import { PERIOD_LABELS, retentionSchema } from "../form";

export function RetentionForm({
  defaultValue,
  lastResult,
}: {
  defaultValue: Record<RetentionPeriod, string>;
  lastResult: FormReply["result"] | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "retention",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="retention-heading"
      noValidate
      className="mt-4 max-w-2xl space-y-6"
    >
      {RETENTION_PERIOD_NAMES.map((name) => {
        const { min, max, unit } = RETENTION_PERIODS[name];
        const hintId = `${form.id}-${name}-hint`;
        return (
          <div key={name}>
            <FormField label={PERIOD_LABELS[name].label} required field={fields[name]}>
              <input
                {...getInputProps(fields[name], { type: "number", ariaDescribedBy: hintId })}
                min={min}
                max={max}
                step={1}
                required
                inputMode="numeric"
                className={`${inputClass} max-w-40`}
              />
            </FormField>
            <p id={hintId} className="mt-1 text-sm text-ink-soft">
              {PERIOD_LABELS[name].hint} From {min} to {max} {unit}.
            </p>
          </div>
        );
      })}
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        Save periods
      </Button>
    </Form>
  );
}
