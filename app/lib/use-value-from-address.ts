// A GET filter form's fields are uncontrolled, and a field the user has typed in or picked from
// stops following its `defaultValue`. When the list's address changes in the page (Clear, a
// shortcut, Back), the field must show what the list is now filtered by, not what was typed before.
// Without JavaScript every list is a new page, which shows it anyway.
import { useEffect, useRef } from "react";

/**
 * A ref for a field that shows `value` each time `value` changes. Not when the page hydrates: the
 * server drew the field with that value already, and what the user typed or picked before the
 * scripts ran is theirs to keep.
 */
export function useValueFromAddress<Field extends HTMLInputElement | HTMLSelectElement>(
  value: string,
) {
  const field = useRef<Field>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (field.current) field.current.value = value;
  }, [value]);
  return field;
}
