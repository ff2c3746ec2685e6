// What cannot be undone asks first, so one stray click removes nothing: with JavaScript in a modal
// dialog over the page, without it on a confirmation step that a link opens (the page reads its
// query, `?delete=id`, and shows ConfirmationStep).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClassName } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/** The question, what it is about, and the form that does it. */
export type Confirmation = {
  /** Unique on the page: names the question's and the subject's elements. */
  key: string;
  question: string;
  subject: string;
  /** Where the form posts, with its hidden fields, and its intent where that action has several. */
  action: string;
  fields: Record<string, string>;
  intent?: string;
  /** The button that does it ("Delete post"). */
  confirmLabel: string;
};

/** The button (or, without JavaScript, the link to the confirmation step) that asks first. */
export function AskFirstButton({
  confirmation,
  label,
  accessibleLabel,
  askHref,
}: {
  confirmation: Confirmation;
  label: string;
  accessibleLabel: string;
  askHref: string;
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  if (!hydrated) {
    return (
      <Link
        to={askHref}
        aria-label={accessibleLabel}
        className={buttonClassName({ variant: "danger", size: "small" })}
      >
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="danger"
        size="small"
        aria-label={accessibleLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
      {asking ? (
        <ConfirmationDialog confirmation={confirmation} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}

/** The question in a modal dialog: Escape, the backdrop's Keep it, or the action close it. */
function ConfirmationDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // The safe answer takes the focus, so Enter pressed by habit removes nothing.
    keepButton.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${confirmation.key}-question`}
      aria-describedby={`${confirmation.key}-subject`}
      className="m-auto w-[calc(100%-2.5rem)] max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-navy-deep/60"
    >
      <Question
        confirmation={confirmation}
        keep={
          <Button ref={keepButton} onClick={() => dialog.current?.close()}>
            Keep it
          </Button>
        }
      />
    </dialog>
  );
}

/** The confirmation step without JavaScript; Keep it goes back to `keepTo`. */
export function ConfirmationStep({
  confirmation,
  keepTo,
}: {
  confirmation: Confirmation;
  keepTo: string;
}) {
  return (
    <section role="alertdialog" aria-labelledby={`${confirmation.key}-question`} className="mt-8">
      <Question
        confirmation={confirmation}
        keep={
          <Link to={keepTo} className={buttonClassName()}>
            Keep it
          </Link>
        }
      />
    </section>
  );
}

/** The question and its answers; the action itself is the primary one. */
function Question({ confirmation, keep }: { confirmation: Confirmation; keep: ReactNode }) {
  const { key, question, subject, action, fields, intent, confirmLabel } = confirmation;
  return (
    <div className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h2 id={`${key}-question`} className="text-xl font-semibold text-red-900">
        {question}
      </h2>
      <p id={`${key}-subject`} className="mt-2 text-red-900">
        {subject}
      </p>
      <Form method="post" action={action} className="mt-6 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          type="submit"
          name={intent === undefined ? undefined : "intent"}
          value={intent}
          variant="danger"
        >
          {confirmLabel}
        </Button>
        {keep}
      </Form>
    </div>
  );
}
