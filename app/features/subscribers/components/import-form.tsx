// The import of subscribers from a CSV file: the file, the tick that the people agreed, and what
// the last import did: how many were invited, already subscribed, suppressed, and each row left
// out with its line and why.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, focusIfRefused, inputClass } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/form-action.server";
import { countOf } from "~/lib/plural";
import { IMPORT_INTENT, importFormSchema } from "../import-form";

/** What an import did, as the page shows it. */
export type ImportReport = {
  invited: number;
  alreadySubscribed: number;
  suppressed: number;
  invalid: { line: number; reason: string }[];
};

export function ImportForm({ lastResult }: { lastResult: FormReply["result"] | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importFormSchema }),
  });
  const consentErrorId = fields.consent.errorId;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="mt-4 max-w-2xl space-y-5"
    >
      <FormField label="CSV file" required field={fields.file}>
        <input
          {...getInputProps(fields.file, { type: "file" })}
          accept=".csv,text/csv"
          aria-describedby={`${fields.file.id}-hint${fields.file.errors ? ` ${fields.file.errorId}` : ""}`}
          {...focusIfRefused(fields.file)}
          className={inputClass}
        />
        <p id={`${fields.file.id}-hint`} className="mt-1 text-sm text-ink-soft">
          A header row, then one person a row: a column called email, and one called name if you
          have names. Up to 10,000 rows.
        </p>
      </FormField>
      <div>
        <label className="flex items-start gap-2 font-medium text-navy">
          <input
            {...getInputProps(fields.consent, { type: "checkbox" })}
            {...focusIfRefused(fields.consent)}
            className="mt-1 size-4 accent-brand"
          />
          <span>
            These people agreed to receive Insights by email
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </span>
        </label>
        {fields.consent.errors?.length ? (
          <p id={consentErrorId} className="mt-1 text-sm text-red-700">
            {fields.consent.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-soft">
        Each new or waiting address gets the email that asks to confirm; nothing else reaches it
        until its owner does. Confirmed subscribers stay as they are, and addresses that
        unsubscribed are left alone: only their owners can subscribe again.
      </p>
      <Button
        type="submit"
        name="intent"
        value={IMPORT_INTENT}
        variant="primary"
        disabled={navigation.state === "submitting"}
      >
        Import subscribers
      </Button>
    </Form>
  );
}

export function ImportResult({ report }: { report: ImportReport }) {
  const figures = [
    ["Invited", report.invited],
    ["Already subscribed", report.alreadySubscribed],
    ["Unsubscribed, left alone", report.suppressed],
    ["Invalid, left out", report.invalid.length],
  ] as const;
  return (
    <section
      aria-labelledby="import-result-heading"
      className="mt-6 rounded-lg bg-white p-5 ring-1 ring-line"
    >
      <h3 id="import-result-heading" className="text-lg font-semibold text-navy">
        Import done: {countOf(report.invited, "address", "addresses")} invited
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink-soft">{label}</dt>
            <dd className="text-2xl font-semibold text-navy">{value}</dd>
          </div>
        ))}
      </dl>
      {report.invalid.length > 0 ? (
        <>
          <h4 className="mt-4 font-semibold text-navy">Rows left out</h4>
          <ul className="mt-2 max-h-80 list-disc space-y-1 overflow-y-auto pl-5 text-sm">
            {report.invalid.map((row) => (
              <li key={`${row.line}-${row.reason}`}>
                Line {row.line}: {row.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
