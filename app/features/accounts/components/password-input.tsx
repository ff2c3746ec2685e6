// A password field as every form of the accounts shows it: once JavaScript runs, a button shows
// and hides what is typed; a field for a new password states the rule under it, before the first
// try, and the field names it as its description.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { inputClass } from "~/components/ui/form-field";
import { useHydrated } from "~/lib/use-hydrated";
import { NEW_PASSWORD_RULE } from "../password-rules";

export function PasswordInput({
  field,
  autoComplete,
  clearedBy,
}: {
  field: FieldMetadata<string, Record<string, unknown>, string[]>;
  /** `new-password` where one is chosen: the field then states the rule. */
  autoComplete: "current-password" | "new-password";
  /** Changes when the server refuses the form, which clears the field, with JavaScript or not. */
  clearedBy: string;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const ruleId = autoComplete === "new-password" ? `${field.id}-rule` : undefined;
  return (
    <>
      <div className="relative">
        <input
          {...getInputProps(field, {
            type: shown ? "text" : "password",
            ariaDescribedBy: ruleId,
          })}
          key={clearedBy}
          autoComplete={autoComplete}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((now) => !now)}
            aria-pressed={shown}
            aria-controls={field.id}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded px-2 py-1 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
          >
            {shown ? "Hide" : "Show"}
            <span className="sr-only"> password</span>
          </button>
        ) : null}
      </div>
      {ruleId ? (
        <p id={ruleId} className="mt-1 text-sm text-ink-soft">
          {NEW_PASSWORD_RULE}
        </p>
      ) : null}
    </>
  );
}
