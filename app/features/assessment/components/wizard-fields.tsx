// A step's fields: the contact details of step 1, or a question's options as radio buttons. Each
// refused value's message sits at its field and is announced with it; the first refused field
// takes the focus.
import { FormField, inputClass } from "~/components/ui/form-field";
import type { Question } from "../scoring";
import { contactFieldNames, questionsOf, type StepErrors, type WizardStep } from "../steps";

const contactFieldId = (name: string) => `assessment-${name}`;
const optionId = (question: Question, value: string) => `${question.id}-${value}`;

/** What takes the focus after a refused post: the first refused field or unanswered question. */
export function refusedFieldId(step: WizardStep, errors: StepErrors) {
  if (step.kind === "contact") {
    const name = contactFieldNames.find((field) => errors[field]);
    return name && contactFieldId(name);
  }
  const question = questionsOf(step).find((asked) => errors[asked.id]);
  const first = question?.options[0];
  return question && first && optionId(question, first.value);
}

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
  focusId,
}: {
  values: Record<string, string | undefined>;
  errors: StepErrors;
  focusId: string | undefined;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {contactFieldNames.map((name) => {
        const [label, type, autoComplete] = contactLabels[name];
        const id = contactFieldId(name);
        const errorId = `${id}-error`;
        const error = errors[name];
        const required = name !== "phone";
        return (
          <div key={name} className={name === "company" || name === "email" ? "sm:col-span-2" : ""}>
            <FormField
              label={label}
              required={required}
              field={{ id, errorId, errors: error ? [error] : undefined }}
            >
              <input
                id={id}
                name={name}
                type={type}
                // The form has noValidate: the server checks and answers at the field, with
                // JavaScript or without, so this only tells assistive technology.
                required={required}
                autoComplete={autoComplete}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the server refused
                autoFocus={id === focusId}
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
  focusId,
}: {
  question: Question;
  chosen: string | undefined;
  error: string | undefined;
  focusId: string | undefined;
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
          const id = optionId(question, option.value);
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
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the question left unanswered
                autoFocus={id === focusId}
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
