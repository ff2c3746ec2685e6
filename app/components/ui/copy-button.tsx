// A button that copies a text to the clipboard and says, next to it, that it did. It needs
// JavaScript (and a secure context, for the Clipboard API), so without it there is no button.
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

export function CopyButton({
  text,
  label,
  failure,
}: {
  text: string;
  label: string;
  /** What to say when the browser refuses, e.g. how to copy by hand instead. */
  failure: string;
}) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);
  if (!hydrated) return null;
  async function copy() {
    setOutcome(null);
    try {
      await navigator.clipboard.writeText(text);
      setOutcome("copied");
    } catch {
      // No Clipboard API (a page over plain http on another machine) or no permission.
      setOutcome("failed");
    }
  }
  return (
    <>
      <Button type="button" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="text-sm font-semibold text-navy">
        {outcome === "copied" ? "Copied" : outcome === "failed" ? failure : null}
      </span>
    </>
  );
}
