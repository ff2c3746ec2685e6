// A page section with a consistent width, spacing and optional eyebrow, heading and intro.
import type { ReactNode } from "react";

const tones = {
  light: "bg-white",
  muted: "bg-paper",
  dark: "bg-navy text-white",
} as const;

export function Section({
  id,
  eyebrow,
  heading,
  intro,
  tone = "light",
  children,
}: {
  id?: string;
  eyebrow?: string;
  heading?: ReactNode;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  children?: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  const muted = tone === "dark" ? "text-slate-200" : "text-ink-soft";
  const eyebrowColour = tone === "dark" ? "text-accent" : "text-brand-strong";
  return (
    <section id={id} aria-labelledby={heading ? headingId : undefined} className={tones[tone]}>
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        {eyebrow ? (
          <p className={`mb-3 text-sm font-semibold tracking-widest uppercase ${eyebrowColour}`}>
            {eyebrow}
          </p>
        ) : null}
        {heading ? (
          <h2 id={headingId} className="max-w-3xl text-3xl font-semibold sm:text-4xl">
            {heading}
          </h2>
        ) : null}
        {intro ? <div className={`mt-4 max-w-3xl text-lg ${muted}`}>{intro}</div> : null}
        {children ? <div className={heading || intro ? "mt-10" : undefined}>{children}</div> : null}
      </div>
    </section>
  );
}

/** The dark banner at the top of every inner page, holding its h1. */
export function PageHero({
  eyebrow,
  title,
  fillsWindow = false,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  /**
   * For a page that is nothing but its banner (a not-found page): the banner, which starts at the
   * top under the fixed header, is at least a window tall, so no strip of the white body shows
   * between it and the footer.
   */
  fillsWindow?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={`bg-navy-deep text-white print:bg-white print:text-black ${fillsWindow ? "min-h-svh" : ""}`}
    >
      {/* On paper there is no fixed header to leave room for. */}
      <div className="mx-auto max-w-6xl px-5 pt-32 pb-16 sm:px-8 sm:pt-36 sm:pb-20 print:px-0 print:pt-0 print:pb-6">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-widest text-accent uppercase print:text-brand-strong">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="max-w-4xl text-4xl font-semibold sm:text-5xl">{title}</h1>
        {children ? (
          <div className="mt-6 max-w-3xl text-lg text-slate-200 print:text-ink-soft">
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}
