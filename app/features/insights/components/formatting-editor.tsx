// The post form's formatting editor (tiptap), loaded in the browser by rich-text-editor.tsx once
// the page has hydrated; until tiptap has mounted it shows the HTML field it was given.
import { Link } from "@tiptap/extension-link";
import { Underline } from "@tiptap/extension-underline";
import {
  EditorContent,
  useEditor,
  useEditorState,
  type ChainedCommands,
  type Editor,
} from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { isAllowedLink } from "../allowed-links";
import { LinkForm } from "./link-form";
import type { RichTextEditorProps } from "./rich-text-editor";

// Built once: useEditor compares extensions by identity on every render.
const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    undoRedo: { depth: 100, newGroupDelay: 500 },
    link: false,
    underline: false,
  }),
  Underline,
  Link.configure({
    openOnClick: false,
    autolink: true,
    // linkify already recognises http, https, ftp, ftps and mailto; these take no "//".
    protocols: ["tel", "callto", "sms", "cid", "xmpp"].map((scheme) => ({
      scheme,
      optionalSlashes: true,
    })),
    // Checked when links are parsed, pasted, typed and rendered, so the editor keeps exactly the
    // hrefs the sanitiser keeps. shouldAutoLink stays tiptap's: it gets the link's text, not its
    // href, and only decides whether plain text such as a bare IP address becomes a link.
    isAllowedUri: isAllowedLink,
  }),
];

// Each button toggles a mark or block, shown pressed while active; the rule is only an action,
// and Link opens the link form. A name begins with the button's visible mark ("H1 heading"), so a
// person who says what they see to voice control names the button.
type Format = {
  label: string;
  text: string;
  active?: [name: string, attributes?: { level: number }];
  run: (chain: ChainedCommands) => ChainedCommands;
};

const LINK = "link";

const tools: (Format | typeof LINK)[] = [
  { label: "Bold", text: "B", active: ["bold"], run: (c) => c.toggleBold() },
  { label: "Italic", text: "I", active: ["italic"], run: (c) => c.toggleItalic() },
  { label: "Underline", text: "U", active: ["underline"], run: (c) => c.toggleUnderline() },
  LINK,
  {
    label: "H1 heading",
    text: "H1",
    active: ["heading", { level: 1 }],
    run: (c) => c.toggleHeading({ level: 1 }),
  },
  {
    label: "H2 heading",
    text: "H2",
    active: ["heading", { level: 2 }],
    run: (c) => c.toggleHeading({ level: 2 }),
  },
  { label: "Bullet list", text: "•", active: ["bulletList"], run: (c) => c.toggleBulletList() },
  {
    label: "1. Numbered list",
    text: "1.",
    active: ["orderedList"],
    run: (c) => c.toggleOrderedList(),
  },
  { label: "Horizontal rule", text: "―", run: (c) => c.setHorizontalRule() },
];

const toolbarButton =
  "min-w-9 rounded px-2 py-1 text-sm font-semibold text-navy hover:bg-paper aria-pressed:bg-brand-soft aria-pressed:text-brand-strong";

// An empty editor still holds one paragraph; the form should see an empty field.
function htmlOf(editor: Editor) {
  const html = editor.getHTML();
  return html === "<p></p>" ? "" : html;
}

export type FormattingEditorProps = RichTextEditorProps & {
  /** What the editor starts with: the HTML field's content when the editor arrived. */
  initialContent: string;
  /** Whether to take the focus (at the end of the text) from the HTML field it replaces. */
  autofocus: boolean;
  /** Shown until tiptap has mounted. */
  htmlField: ReactNode;
};

export function FormattingEditor({
  id,
  name,
  defaultValue,
  labelId,
  invalid = false,
  describedBy,
  onChange,
  initialContent,
  autofocus,
  htmlField,
}: FormattingEditorProps) {
  // The id goes on the editable area, not the hidden input: the caller's label (htmlFor) and
  // error focus then point at the element the user types into, and aria-controls can name it.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-invalid": String(invalid),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        // The published article's own styles (tailwind.css), so the admin sees what readers will.
        class: "article-body min-h-[400px] px-4 py-3 focus:outline-none",
      },
    }),
    [id, labelId, invalid, describedBy],
  );
  // immediatelyRender: false, so the editor is null until tiptap has mounted.
  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    content: initialContent,
    autofocus: autofocus ? "end" : false,
    editorProps,
    onUpdate: ({ editor }) => onChange?.(htmlOf(editor)),
  });

  // A reset, or the form opened for another post: show its content, and keep the previous text
  // out of the undo history so Undo cannot bring another post's words back.
  const shown = useRef(defaultValue);
  useEffect(() => {
    if (!editor || shown.current === defaultValue) return;
    shown.current = defaultValue;
    editor
      .chain()
      .setMeta("addToHistory", false)
      .setContent(defaultValue, { emitUpdate: false })
      .run();
  }, [editor, defaultValue]);

  if (!editor) return htmlField;
  return <EditorField editor={editor} id={id} name={name} invalid={invalid} />;
}

function EditorField({
  editor,
  id,
  name,
  invalid,
}: {
  editor: Editor;
  id: string;
  name: string;
  invalid: boolean;
}) {
  // Re-renders on every transaction whose result differs: the toolbar follows the selection and
  // the hidden input follows the content, including setContent calls that emit no update.
  const { html, pressed, inLink } = useEditorState({
    editor,
    selector: ({ editor }) => ({
      html: htmlOf(editor),
      pressed: tools.map((tool) =>
        tool !== LINK && tool.active ? editor.isActive(...tool.active) : undefined,
      ),
      inLink: editor.isActive("link"),
    }),
  });
  // Counts each opening, so a second Ctrl/Cmd+K draws the form afresh: the focus and the address
  // follow the selection.
  const [linking, setLinking] = useState<number | null>(null);
  const openLinkForm = () => setLinking((opened) => (opened ?? 0) + 1);
  const linkFormId = `${id}-link`;
  // The toolbar is one Tab stop (the WAI-ARIA toolbar pattern): only the button last moved to is
  // in the Tab order, and the arrow keys, Home and End move between the buttons.
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onToolbarKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const last = tools.length - 1;
    const targets: Partial<Record<string, number>> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    buttons.current[target]?.focus();
  };
  const onTextKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    if (event.key.toLowerCase() !== "k") return;
    event.preventDefault();
    openLinkForm();
  };
  return (
    <div
      className={`mt-1 rounded-md border bg-white shadow-sm focus-within:border-brand focus-within:ring-2 focus-within:ring-brand ${invalid ? "border-red-600" : "border-slate-500"}`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        onKeyDown={onToolbarKeyDown}
        className="flex flex-wrap gap-1 border-b border-line p-1.5"
      >
        {tools.map((tool, index) => {
          const rove = {
            ref: (button: HTMLButtonElement | null) => {
              buttons.current[index] = button;
            },
            type: "button" as const,
            tabIndex: index === current ? 0 : -1,
            onFocus: () => setCurrent(index),
            // A mouse click keeps the focus (and the caret) in the text, so typing carries on at
            // once; keyboard users reach the toolbar with Tab and its buttons with the arrow keys.
            onMouseDown: (event: MouseEvent) => event.preventDefault(),
          };
          return tool === LINK ? (
            <button
              key={LINK}
              {...rove}
              aria-haspopup="dialog"
              aria-expanded={linking !== null}
              aria-controls={linking !== null ? linkFormId : undefined}
              aria-keyshortcuts="Control+K Meta+K"
              data-active={inLink || undefined}
              onClick={() => (linking === null ? openLinkForm() : setLinking(null))}
              className={`${toolbarButton} data-active:bg-brand-soft data-active:text-brand-strong`}
            >
              Link
            </button>
          ) : (
            <button
              key={tool.label}
              {...rove}
              aria-label={tool.label}
              aria-pressed={pressed[index]}
              onClick={() => tool.run(editor.chain().focus()).run()}
              className={toolbarButton}
            >
              {tool.text}
            </button>
          );
        })}
      </div>
      {linking !== null ? (
        <LinkForm key={linking} editor={editor} id={linkFormId} onClose={() => setLinking(null)} />
      ) : null}
      {/* Ctrl/Cmd+K in the text opens the link form, as in the word processors staff know. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the keys are the text's */}
      <div onKeyDown={onTextKeyDown}>
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
