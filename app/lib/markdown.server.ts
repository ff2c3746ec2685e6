// Turns one of our own Markdown documents into an intro and titled sections of HTML, with the
// {{name}} placeholders filled in, so a page can lay the sections out and list them as contents.
import { marked } from "marked";

type MarkdownSection = { id: string; title: string; html: string };
type MarkdownDocument = { introHtml: string; sections: MarkdownSection[] };

type RenderOptions = {
  /** What each {{name}} placeholder stands for; HTML-escaped where it lands. */
  values: Readonly<Record<string, string>>;
  /** Classes for elements Markdown writes without attributes, by tag name: { ul: "space-y-2" }. */
  classNames?: Readonly<Record<string, string>>;
};

// A "## " line starts a section; its id is the slug of its title unless an explicit {#id} follows,
// which keeps an anchor people may have linked to when the title is reworded.
const sectionHeading = /^(.*?)(?:\s+\{#([a-z0-9-]+)\})?\s*$/;

// marked percent-encodes the braces of a placeholder it finds in a link destination.
const placeholder = /\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/g;

export function renderMarkdownDocument(
  source: string,
  { values, classNames = {} }: RenderOptions,
): MarkdownDocument {
  const [intro = "", ...sectionSources] = source.split(/^## /m);
  const render = (markdown: string) =>
    fillPlaceholders(addClassNames(renderHtml(markdown), classNames), values, escapeHtml);

  const ids = new Set<string>();
  const sections = sectionSources.map((sectionSource) => {
    const lineEnd = sectionSource.indexOf("\n");
    const heading = lineEnd === -1 ? sectionSource : sectionSource.slice(0, lineEnd);
    const body = lineEnd === -1 ? "" : sectionSource.slice(lineEnd + 1);
    const [, rawTitle = "", explicitId] = sectionHeading.exec(heading) ?? [];
    // The title reaches the page as text that React escapes, so it takes the values as they are.
    const title = fillPlaceholders(rawTitle, values, (value) => value);
    const id = explicitId ?? slugOf(title);
    if (!id || ids.has(id)) {
      throw new Error(`Markdown section "${title}" needs a unique {#id} after its title`);
    }
    ids.add(id);
    return { id, title, html: render(body) };
  });

  return { introHtml: render(intro), sections };
}

function renderHtml(markdown: string) {
  return marked.parse(markdown, { async: false }).trim();
}

function slugOf(title: string) {
  return title
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function addClassNames(html: string, classNames: Readonly<Record<string, string>>) {
  return html.replace(/<(\w+)>/g, (tag, name: string) => {
    const className = Object.hasOwn(classNames, name) ? classNames[name] : undefined;
    return className === undefined ? tag : `<${name} class="${escapeHtml(className)}">`;
  });
}

function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string,
) {
  return text.replace(placeholder, (_match, name?: string, encodedName?: string) => {
    const key = name ?? encodedName ?? "";
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined) throw new Error(`Markdown placeholder {{${key}}} has no value`);
    return encode(value);
  });
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}
