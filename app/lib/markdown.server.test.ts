import { describe, expect, test } from "vitest";
import { renderMarkdownDocument } from "./markdown.server";

const values = { brand: "Keelstone", email: "hello@keelstone.example.com" };

describe("renderMarkdownDocument splits a document at its ## headings", () => {
  test.each([
    {
      case: "an intro, then sections",
      source: "Welcome.\n\n## First\n\nOne.\n\n## Second\n\nTwo.\n",
      introHtml: "<p>Welcome.</p>",
      sections: [
        { id: "first", title: "First", html: "<p>One.</p>" },
        { id: "second", title: "Second", html: "<p>Two.</p>" },
      ],
    },
    {
      case: "no intro",
      source: "## Only\n\nBody.",
      introHtml: "",
      sections: [{ id: "only", title: "Only", html: "<p>Body.</p>" }],
    },
    {
      case: "no sections",
      source: "Just an intro.",
      introHtml: "<p>Just an intro.</p>",
      sections: [],
    },
    {
      case: "a ### subheading, which stays in its section",
      source: "## Outer\n\n### Inner\n\nText.",
      introHtml: "",
      sections: [{ id: "outer", title: "Outer", html: "<h3>Inner</h3>\n<p>Text.</p>" }],
    },
    {
      case: "## inside a line, which is not a heading",
      source: "Say ## twice.\n\n## Real\n\nText.",
      introHtml: "<p>Say ## twice.</p>",
      sections: [{ id: "real", title: "Real", html: "<p>Text.</p>" }],
    },
    {
      case: "a heading with no body",
      source: "## Empty",
      introHtml: "",
      sections: [{ id: "empty", title: "Empty", html: "" }],
    },
  ])("$case", ({ source, introHtml, sections }) => {
    expect(renderMarkdownDocument(source, { values })).toEqual({ introHtml, sections });
  });
});

describe("renderMarkdownDocument gives each section an id", () => {
  test.each([
    ["a slug of the title", "## Information We Collect", "information-we-collect"],
    ["no apostrophe in the slug", "## Children’s Privacy", "childrens-privacy"],
    ["no dashes at the ends", "## (Optional) Extras!", "optional-extras"],
    [
      "the explicit {#id} over the slug",
      "## Legal Bases and Consent {#legal-bases}",
      "legal-bases",
    ],
    ["trailing spaces ignored", "## Cookies {#cookies}  \r", "cookies"],
  ])("%s", (_case, source, id) => {
    const [section] = renderMarkdownDocument(source, { values }).sections;
    expect(section?.id).toBe(id);
    expect(section?.title).not.toMatch(/\{#|\s$/);
  });

  test.each([
    ["two sections with one id", "## Changes\n\n## Changes"],
    ["an explicit id equal to another's slug", "## Contact\n\n## Contact Us {#contact}"],
    ["a title with nothing to slug", "## ★"],
  ])("refuses %s", (_case, source) => {
    expect(() => renderMarkdownDocument(source, { values })).toThrow(/needs a unique \{#id\}/);
  });
});

describe("renderMarkdownDocument fills the placeholders", () => {
  const hostile = '<b>&"';
  const escaped = "&lt;b&gt;&amp;&quot;";

  test.each([
    ["in text", "By {{brand}}.", "<p>By Keelstone.</p>"],
    ["in text, escaped", "By {{hostile}}.", `<p>By ${escaped}.</p>`],
    [
      "in a link, whose destination marked percent-encodes",
      "[{{email}}](mailto:{{email}})",
      '<p><a href="mailto:hello@keelstone.example.com">hello@keelstone.example.com</a></p>',
    ],
    [
      "in a link, escaped in the attribute and the text",
      "[{{hostile}}](mailto:{{hostile}})",
      `<p><a href="mailto:${escaped}">${escaped}</a></p>`,
    ],
    [
      "in raw HTML, escaped",
      '<a href="mailto:{{hostile}}">{{hostile}}</a>',
      `<p><a href="mailto:${escaped}">${escaped}</a></p>`,
    ],
    [
      "a value that looks like Markdown, left as it is",
      "By {{markdown}}.",
      "<p>By *not* [a](b).</p>",
    ],
  ])("%s", (_case, source, introHtml) => {
    const document = renderMarkdownDocument(source, {
      values: { ...values, hostile, markdown: "*not* [a](b)" },
    });
    expect(document.introHtml).toBe(introHtml);
  });

  test("in a title, as it is: React escapes the title", () => {
    const document = renderMarkdownDocument("## About {{hostile}} {#about}", {
      values: { hostile },
    });
    expect(document.sections).toEqual([{ id: "about", title: 'About <b>&"', html: "" }]);
  });

  test.each([
    ["a name with no value", "Hi {{nobody}}."],
    ["a name only the prototype has", "Hi {{constructor}}."],
    ["a name with no value in a link", "[x](mailto:{{nobody}})"],
    ["a name with no value in a title", "## Hi {{nobody}}"],
  ])("refuses %s", (_case, source) => {
    expect(() => renderMarkdownDocument(source, { values })).toThrow(
      /placeholder \{\{(nobody|constructor)\}\} has no value/,
    );
  });
});

describe("renderMarkdownDocument adds classes", () => {
  test.each([
    [
      "to the tags it names",
      "- **a**\n- b",
      '<ul class="list">\n<li><strong class="bold">a</strong></li>\n<li>b</li>\n</ul>',
    ],
    ["not to the tags it does not name", "Plain *em*.", "<p>Plain <em>em</em>.</p>"],
    ["not to tags that already have attributes", '<ul id="x"></ul>', '<ul id="x"></ul>'],
  ])("%s", (_case, source, introHtml) => {
    const document = renderMarkdownDocument(source, {
      values,
      classNames: { ul: "list", strong: "bold" },
    });
    expect(document.introHtml).toBe(introHtml);
  });
});
