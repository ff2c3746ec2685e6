// A step's fields: the contact details of step 1, or a question's options as radio buttons. Each
// refused value's message sits at its field and is announced with it.
import { FormField, inputClass } from "~/components/ui/form-field";
import type { Question } from "../scoring";
import { contactFieldNames, type StepErrors } from "../steps";

const contactLabels: Record<
  (typeof contactFieldNames)[number],
  [label: string, type: string, autoComplete: string]
> = {
  company: ["Company", "text", "organization"],
  firstName: ["First Name", "text", "given-name"],
  lastName: ["Last Name", "text", "family-name"],
  email: ["Work Email", "email", "email"],
  phone: ["Phone", "tel", "tel"],
};

export function ContactFields({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: StepErrors;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {contactFieldNames.map((name) => {
        const [label, type, autoComplete] = contactLabels[name];
        const id = `assessment-${name}`;
        const errorId = `${id}-error`;
        const error = errors[name];
        return (
          <div key={name} className={name === "company" || name === "email" ? "sm:col-span-2" : ""}>
            <FormField
              label={label}
              required={name !== "phone"}
              field={{ id, errorId, errors: error ? [error] : undefined }}
            >
              <input
                id={id}
                name={name}
                type={type}
                autoComplete={autoComplete}
                defaultValue={values[name] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={inputClass}
              />
            </FormField>
          </div>
        );
      })}
    </div>
  );
}

export function QuestionField({
  question,
  chosen,
  error,
}: {
  question: Question;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const hintId = `${question.id}-hint`;
  const errorId = `${question.id}-error`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-lg font-semibold text-ink sm:text-xl">{question.prompt}</legend>
      <p id={hintId} className="mt-1 text-ink-soft">
        {question.hint}
      </p>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-3">
        {question.options.map((option) => {
          const id = `${question.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-white px-4 py-3 transition-colors hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
            >
              <input
                id={id}
                type="radio"
                name={question.id}
                value={option.value}
                defaultChecked={chosen === option.value}
                className="size-4 accent-brand"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
