// A call-to-action button: a link that looks like a button and records each click.
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { MouseEvent } from "react";
import type { CallToAction } from "~/content/calls-to-action";
import { ctaClickUrl, newUserSession } from "~/lib/cta-beacon";
import type { SiteConfig } from "~/lib/site-config";

const variants = {
  primary: "bg-accent text-navy-deep hover:bg-[#f5c25a] shadow-sm",
  secondary: "bg-brand text-white hover:bg-brand-strong shadow-sm",
  outline: "border border-current text-current hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

/** The look of a call to action, for the few that must be a form's button rather than a link. */
export function callToActionClassName(variant: ButtonVariant, className = "") {
  return `inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-center text-sm font-semibold transition-colors sm:text-base print:hidden ${variants[variant]} ${className}`;
}

export function ButtonLink({
  cta,
  variant = "primary",
  className = "",
  reloadDocument,
  onClick,
}: {
  cta: CallToAction;
  variant?: ButtonVariant;
  className?: string;
  reloadDocument?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { pathname } = useLocation();
  // `ping` takes absolute URLs only. The site's origin comes with the root loader's data; an error
  // page drawn without it (the root loader failed) sends no ping.
  const origin = useRouteLoaderData<{ site: SiteConfig }>("root")?.site.origin;
  // Without JavaScript the browser follows the link and reports the click itself (`ping`).
  // With it, the router navigates in the page, the browser sends no ping, and we send a beacon.
  const recordClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    queueMicrotask(() => {
      if (!event.defaultPrevented) return;
      try {
        navigator.sendBeacon(ctaClickUrl(cta.label, pathname, newUserSession()));
      } catch (error) {
        // Tracking must never get in the visitor's way.
        console.warn("CTA click not recorded", error);
      }
    });
  };
  return (
    <Link
      to={cta.to}
      prefetch="intent"
      reloadDocument={reloadDocument}
      ping={origin ? new URL(ctaClickUrl(cta.label, pathname), origin).href : undefined}
      data-cta={cta.label}
      onClick={recordClick}
      className={callToActionClassName(variant, className)}
    >
      {cta.label}
    </Link>
  );
}
