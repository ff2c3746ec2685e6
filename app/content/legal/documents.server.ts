// The legal documents as HTML sections. Their Markdown and the firm's details are fixed while the
// server runs; the privacy policy also states values of the install's settings (its retention
// periods), so each document is rendered again only when the values it is given change.
import { legalMarkdownClassNames } from "~/components/legal-document";
import { renderMarkdownDocument } from "~/lib/markdown.server";
import { siteConfig } from "~/lib/site-config.server";
import privacyPolicy from "./privacy-policy.md?raw";
import termsConditions from "./terms-conditions.md?raw";

const sources = { "privacy-policy": privacyPolicy, "terms-conditions": termsConditions };
type LegalDocumentName = keyof typeof sources;

const rendered = new Map<
  LegalDocumentName,
  { values: string; document: ReturnType<typeof renderMarkdownDocument> }
>();

/** The document, with `values` for its placeholders beside the firm's details. */
export function legalDocument(name: LegalDocumentName, values: Record<string, string> = {}) {
  const key = JSON.stringify(values);
  const last = rendered.get(name);
  if (last?.values === key) return last.document;
  const document = renderMarkdownDocument(sources[name], {
    values: { ...siteConfig, ...values },
    classNames: legalMarkdownClassNames,
  });
  rendered.set(name, { values: key, document });
  return document;
}
