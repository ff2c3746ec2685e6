// A call-to-action button: a link that looks like a button and records each click.
import { Link, useLocation } from "react-router";
import type { CallToAction } from "~/content/calls-to-action";
import { ctaClickUrl } from "~/services/cta-click";

const variants = {
  primary: "bg-accent text-navy-deep hover:bg-[#f5c25a] shadow-sm",
  secondary: "bg-brand text-white hover:bg-brand-strong shadow-sm",
  outline: "border border-current text-current hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export function ButtonLink({
  cta,
  variant = "primary",
  className = "",
}: {
  cta: CallToAction;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { pathname } = useLocation();
  // Every target is a public page, which loads as a document (decision 017), from the admin too.
  // The browser reports the click with `ping`; with JavaScript on, browser/cta-beacons.ts sends a
  // beacon instead (Firefox sends no pings).
  return (
    <Link
      to={cta.to}
      reloadDocument
      ping={ctaClickUrl(cta.label, pathname)}
      data-cta={cta.label}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-center text-sm font-semibold transition-colors sm:text-base ${variants[variant]} ${className}`}
    >
      {cta.label}
    </Link>
  );
}
