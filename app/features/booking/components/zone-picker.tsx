// Which zone the call times are shown in: a GET form (?tz=Asia/Kolkata) that works without
// JavaScript. With it, the browser's own zone is chosen in the list until the visitor picks one;
// the times change only once they press the button, as without it.
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { useHydrated } from "~/lib/use-hydrated";

export function ZonePicker({
  zones,
  shown,
  chosen,
}: {
  zones: readonly string[];
  /** The zone the times are shown in now. */
  shown: string;
  /** The zone the visitor asked for, or null when the page chose the firm's. */
  chosen: string | null;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // Read once hydrated: the server's page, and the first render that matches it, have none.
  const hydrated = useHydrated();
  const browserZone =
    hydrated && !chosen ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  // Once its option is drawn: the browser may name its zone as Intl's list does not (Asia/Kolkata).
  // Only while the list still shows the page's zone: one the visitor picked before the scripts ran
  // is theirs.
  useEffect(() => {
    if (browserZone && select.current?.value === shown) select.current.value = browserZone;
  }, [browserZone, shown]);
  const options =
    browserZone && !zones.includes(browserZone) ? [...zones, browserZone].sort() : zones;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <label htmlFor="time-zone" className="block font-medium text-navy">
          Show times in
        </label>
        <select ref={select} id="time-zone" name="tz" defaultValue={shown} className={inputClass}>
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClassName({ variant: "secondary" })}>
        Show times
      </button>
    </Form>
  );
}
