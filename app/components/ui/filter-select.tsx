// One of a GET filter form's choices, as the admin's lists offer them: "any" first, then each
// option, showing the list's filter again when the address changes in the page.
import { useValueFromAddress } from "~/lib/use-value-from-address";
import { inputClass } from "./form-field";

export function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  options,
  className = "text-sm font-medium text-navy",
}: {
  label: string;
  name: string;
  /** What the list is filtered by now; null for any. */
  value: string | null;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const field = useValueFromAddress<HTMLSelectElement>(value ?? "");
  return (
    <label className={className}>
      {label}
      <select ref={field} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
