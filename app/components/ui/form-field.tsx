// A labelled form control with its error message, and the input style every form shares.
import type { ReactNode } from "react";

// The edge is slate-500, 4.8:1 on white and 4.6:1 on paper: a field's edge needs 3:1 (WCAG 1.4.11).
// Placeholders take the same slate-500, 4.8:1 on the white field: they are text, which needs 4.5:1
// (WCAG 1.4.3), and Tailwind's default (the text colour at half strength) gives 3.3:1.
// Focused, it wears a solid brand ring, 5.5:1 on white: the focus indicator needs 3:1 too, which
// the ring at 40% (1.8:1) did not reach.
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand focus:ring-2 focus:ring-brand focus:outline-none aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

export type FieldState = { id: string; errorId: string; errors?: string[] };

export function FormField({
  label,
  required = false,
  sometimesRequired = false,
  field: { id, errorId, errors },
  children,
}: {
  label: string;
  required?: boolean;
  /** Required in some cases only, which its hint explains: marked neither way. */
  sometimesRequired?: boolean;
  field: FieldState;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-navy">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : sometimesRequired ? null : (
          <span className="text-sm font-normal text-ink-soft"> (optional)</span>
        )}
      </label>
      {children}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Without JavaScript the server's page focuses the first refused field as it loads (decision 050):
 * a browser focuses the first element marked `autofocus`, so each refused field is marked. With
 * JavaScript conform moves the focus itself when a reply comes; the fields stay mounted then, so
 * the mark does nothing. Only fields the visitor's own post was refused for, which is what
 * jsx-a11y/no-autofocus guards.
 */
export function focusIfRefused(field: { errors?: string[] }) {
  return field.errors ? { autoFocus: true } : {};
}
