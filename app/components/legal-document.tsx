// The layout both legal pages share: hero with the effective date, contents list, sections.
import type { ReactNode } from "react";
import { PageHero } from "~/components/ui/section";
import { legalEffectiveDate } from "~/content/legal";
import { telHref, useSiteConfig } from "~/lib/site-config";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Emphasis inside legal text, readable on the white page. */
export const legalEmphasis = "font-semibold text-navy";

export function LegalDocument({
  title,
  summary,
  intro,
  sections,
}: {
  title: string;
  summary: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
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
            {intro}
            {sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.title}</h2>
                {section.body}
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}

/** The firm's postal and electronic contact details, as both legal pages close with them. */
export function LegalContactAddress() {
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
