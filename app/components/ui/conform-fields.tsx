// A form's text fields bound to conform: the label and message of FormField, the field's
// own attributes, its length limit and autofill hint, and the focus on a field the post was
// refused for. Apart from form-field.tsx, which the first scripts of every page carry, so that
// conform comes only with the forms that load it later (decision 057).
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FormField, focusIfRefused, inputClass } from "./form-field";

type FieldProps = {
  label: string;
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  required?: boolean;
  maxLength: number;
};

export function TextInputField({
  label,
  field,
  required = false,
  maxLength,
  type,
  autoComplete,
  placeholder,
}: FieldProps & {
  type: "text" | "email" | "tel" | "url";
  autoComplete: string;
  placeholder?: string;
}) {
  return (
    <FormField label={label} required={required} field={field}>
      <input
        {...getInputProps(field, { type })}
        required={required}
        maxLength={maxLength}
        autoComplete={autoComplete}
        placeholder={placeholder}
        {...focusIfRefused(field)}
        className={inputClass}
      />
    </FormField>
  );
}

export function TextAreaField({
  label,
  field,
  required = false,
  maxLength,
  rows,
}: FieldProps & { rows: number }) {
  return (
    <FormField label={label} required={required} field={field}>
      <textarea
        {...getTextareaProps(field)}
        required={required}
        maxLength={maxLength}
        rows={rows}
        {...focusIfRefused(field)}
        className={inputClass}
      />
    </FormField>
  );
}
