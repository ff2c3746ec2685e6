// The legal documents as HTML sections. Their Markdown and the firm's details are fixed while the
// server runs, so each is rendered once, on the first request that shows it.
import { legalMarkdownClassNames } from "~/components/legal-document";
import { renderMarkdownDocument } from "~/lib/markdown.server";
import { siteConfig } from "~/lib/site-config.server";
import privacyPolicy from "./privacy-policy.md?raw";
import termsConditions from "./terms-conditions.md?raw";

const sources = { "privacy-policy": privacyPolicy, "terms-conditions": termsConditions };
type LegalDocumentName = keyof typeof sources;

const rendered = new Map<LegalDocumentName, ReturnType<typeof renderMarkdownDocument>>();

export function legalDocument(name: LegalDocumentName) {
  let document = rendered.get(name);
  if (!document) {
    document = renderMarkdownDocument(sources[name], {
      values: siteConfig,
      classNames: legalMarkdownClassNames,
    });
    rendered.set(name, document);
  }
  return document;
}
