// The post form's Content field: a formatting editor that posts HTML; plain HTML until it loads.
// The editor (tiptap, ProseMirror) is the browser's alone: the server never draws it, so its build
// leaves it out, and without JavaScript the HTML field is the field.
import { useEffect, useRef, useState, type ComponentType, type Ref } from "react";
import { inputClass } from "~/components/ui/form-field";
import type { FormattingEditorProps } from "./formatting-editor";

// Fetched as soon as the page's script runs, not once it has hydrated.
const formattingEditor = import.meta.env.SSR ? null : import("./formatting-editor");

export type RichTextEditorProps = {
  id: string;
  name: string;
  defaultValue: string;
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
  onChange?: (html: string) => void;
};

type LoadedEditor = {
  Editor: ComponentType<FormattingEditorProps>;
  /** What the HTML field held when the editor arrived, and whether it had the focus. */
  draft: string;
  focused: boolean;
};

export function RichTextEditor(props: RichTextEditorProps) {
  const htmlField = useRef<HTMLTextAreaElement>(null);
  const [loaded, setLoaded] = useState<LoadedEditor | null>(null);
  useEffect(() => {
    let mounted = true;
    void formattingEditor?.then(({ FormattingEditor }) => {
      const field = htmlField.current;
      if (!mounted || !field) return;
      // Whatever was typed meanwhile carries over, with the focus.
      setLoaded({
        Editor: FormattingEditor,
        draft: field.value,
        focused: document.activeElement === field,
      });
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!loaded) return <HtmlField {...props} fieldRef={htmlField} />;
  const { Editor, draft, focused } = loaded;
  return (
    <Editor
      {...props}
      initialContent={draft}
      autofocus={focused}
      htmlField={<HtmlField {...props} defaultValue={draft} />}
    />
  );
}

function HtmlField({
  id,
  name,
  defaultValue,
  labelId,
  invalid = false,
  describedBy,
  fieldRef,
}: RichTextEditorProps & { fieldRef?: Ref<HTMLTextAreaElement> }) {
  const hintId = `${id}-hint`;
  return (
    <>
      <textarea
        ref={fieldRef}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={16}
        aria-labelledby={labelId}
        aria-invalid={invalid}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
        className={`${inputClass} min-h-[400px] font-mono text-sm`}
      />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        Write HTML here: &lt;p&gt;, &lt;h1&gt; to &lt;h6&gt;, &lt;strong&gt;, &lt;em&gt;, &lt;u&gt;,
        lists, &lt;hr&gt; and &lt;a href&gt; links.
      </p>
    </>
  );
}
