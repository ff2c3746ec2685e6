// The editor's link form: the address of the link on the selected words, opened by the toolbar's
// Link button or Ctrl/Cmd+K. It sits between the toolbar and the text, so Tab reaches it next,
// and it is not a <form>: it lives inside the post's form, which a form cannot be.
import type { Editor } from "@tiptap/react";
import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { isAllowedLink } from "../allowed-links";

/** The link under the caret or selection, if any: the form opens to edit it. */
const currentHref = (editor: Editor): string => String(editor.getAttributes("link").href ?? "");

// "example.com/page" would be kept as a path on this site; someone who types a domain means it.
const BARE_DOMAIN = /^[a-z\d-]+(?:\.[a-z\d-]+)+(?::\d+)?(?:[/?#]|$)/i;

/** The href to store for what was typed, or the message that says why it cannot be one. */
export function hrefFrom(typed: string): { href: string } | { problem: string } {
  const address = typed.trim();
  if (!address) return { problem: "Please enter the link's address." };
  const href = BARE_DOMAIN.test(address) ? `https://${address}` : address;
  if (!isAllowedLink(href)) {
    return {
      problem:
        "Links may start with https://, http://, mailto:, tel: or another safe scheme, or be a path on this site.",
    };
  }
  return { href };
}

export function LinkForm({
  editor,
  id,
  onClose,
}: {
  editor: Editor;
  id: string;
  /** Called once the form is done with; the focus is then back in the text. */
  onClose: () => void;
}) {
  const [initial] = useState(() => currentHref(editor));
  const [address, setAddress] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const headingId = `${id}-heading`;
  const hintId = `${fieldId}-hint`;
  const problemId = `${fieldId}-problem`;

  // The text takes the focus back at once, with the selection it had. tiptap's focus command
  // would do it a frame later, and a key pressed meanwhile would move a caret that is then put
  // back where it was.
  const backToText = () => editor.view.focus();
  const close = () => {
    backToText();
    onClose();
  };
  const apply = () => {
    const result = hrefFrom(address);
    if ("problem" in result) {
      setProblem(result.problem);
      return;
    }
    const { href } = result;
    backToText();
    const chain = editor.chain();
    // With nothing selected and no link under the caret, the address becomes the link's words.
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] });
    } else {
      chain.extendMarkRange("link").setLink({ href });
    }
    chain.run();
    onClose();
  };
  const remove = () => {
    backToText();
    editor.chain().extendMarkRange("link").unsetLink().run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      // Enter would send the whole post; here it means this link.
      event.preventDefault();
      apply();
    }
  };

  return (
    // Escape closes the dialog from any of its controls, as the dialog pattern asks.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      className="border-b border-line bg-paper p-3"
    >
      <p id={headingId} className="font-semibold text-navy">
        {initial ? "Edit link" : "Add link"}
      </p>
      <label htmlFor={fieldId} className="mt-2 block text-sm font-medium text-navy">
        Address
      </label>
      <input
        id={fieldId}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        // The form opens on a click or a shortcut that asked for it: the address is what comes next.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
        placeholder="https://example.com/page"
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        A web address, mailto:, tel: or a path on this site such as /insights.
      </p>
      {problem ? (
        <p id={problemId} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="small" onClick={apply}>
          {initial ? "Save link" : "Add link"}
        </Button>
        {initial ? (
          <Button size="small" onClick={remove}>
            Remove link
          </Button>
        ) : null}
        <Button size="small" onClick={close}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
