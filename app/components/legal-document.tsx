// The layout both legal pages share: hero with the effective date, contents list, sections.
import { Fragment, type ReactNode } from "react";
import { PageHero } from "~/components/ui/section";
import { legalHero } from "~/content/heroes";
import { legalEffectiveDate } from "~/content/legal";
import { telHref, useSiteConfig } from "~/lib/site-config";

type LegalSection = { id: string; title: string; html: string };

/** Classes for the elements the legal Markdown produces, readable on the white page. */
export const legalMarkdownClassNames = { ul: "space-y-2", strong: "font-semibold text-navy" };

/**
 * Where the copy of a legal document places something drawn by the page rather than written in
 * Markdown: `<!-- contact-address -->` (the firm's details), or a slot the page fills itself.
 */
const slotMark = /<!-- ([a-z-]+) -->/;

export function LegalDocument({
  title,
  summary,
  introHtml,
  sections,
  slots = {},
}: {
  title: string;
  summary: string;
  introHtml: string;
  sections: LegalSection[];
  /** What the page draws in the copy's slots, by name. */
  slots?: Readonly<Record<string, ReactNode>>;
}) {
  const filled = { "contact-address": <LegalContactAddress />, ...slots };
  return (
    <>
      <PageHero eyebrow={legalHero.eyebrow} title={title}>
        <p>
          Effective date:{" "}
          <time dateTime={legalEffectiveDate.iso}>{legalEffectiveDate.display}</time>
        </p>
        <p className="mt-3">{summary}</p>
      </PageHero>
      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-8 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
          <nav
            aria-labelledby="contents-label"
            className="self-start rounded-xl border border-line bg-paper p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto"
          >
            <p
              id="contents-label"
              className="text-sm font-semibold tracking-wider text-navy uppercase"
            >
              On this page
            </p>
            <ol className="mt-3 space-y-2 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-ink-soft underline-offset-4 hover:text-brand-strong hover:underline"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose-legal max-w-3xl min-w-0 break-words">
            <LegalHtml html={introHtml} slots={filled} />
            {sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.title}</h2>
                <LegalHtml html={section.html} slots={filled} />
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}

/**
 * Copy rendered from our own Markdown on the server, with what the page draws wherever the copy
 * places a slot. The HTML needs an element of its own; a bare <div> keeps the spacing of the copy,
 * as the margins of its paragraphs pass through it.
 */
function LegalHtml({ html, slots }: { html: string; slots: Readonly<Record<string, ReactNode>> }) {
  // Split by a pattern with one group: the copy's parts, each slot's name between two of them.
  const pieces = html.split(new RegExp(slotMark.source, "g"));
  return pieces.map((piece, index) => {
    if (index % 2 === 1) {
      if (!Object.hasOwn(slots, piece))
        throw new Error(`Legal copy has a slot "${piece}" unfilled`);
      return <Fragment key={index}>{slots[piece]}</Fragment>;
    }
    return piece.trim() ? <div key={index} dangerouslySetInnerHTML={{ __html: piece }} /> : null;
  });
}

/** The firm's postal and electronic contact details, as both legal pages close with them. */
function LegalContactAddress() {
  const site = useSiteConfig();
  return (
    <address className="mb-4 leading-relaxed text-ink-soft not-italic">
      <span className="block font-semibold text-navy">{site.brand}</span>
      <span className="block">{site.address}</span>
      <span className="block">
        Email: <a href={`mailto:${site.email}`}>{site.email}</a>
      </span>
      <span className="block">
        Phone: <a href={telHref(site.phone)}>{site.phone}</a>
      </span>
    </address>
  );
}
