// The footer: what the firm does, where to find it, and the legal links.
import { Link, useRouteLoaderData } from "react-router";
import { callsToAction } from "~/content/calls-to-action";
import { legalNavigation, primaryNavigation } from "~/content/navigation";
import { telHref, useSiteConfig } from "~/lib/site-config";

export function SiteFooter() {
  const site = useSiteConfig();
  const year = useRouteLoaderData<{ year: number }>("root")?.year;
  const linkClass = "text-slate-300 hover:text-white underline-offset-4 hover:underline";
  return (
    <footer className="bg-navy-deep text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="font-display text-xl font-semibold text-white">{site.brand}</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">
            Process diagnostics and reengineering for businesses that have outgrown the way they
            work. We find the hidden costs in your operations and remove them for good.
          </p>
          <Link
            to={callsToAction.getYourOperationalScore.to}
            className="mt-5 inline-block text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            {callsToAction.getYourOperationalScore.label} →
          </Link>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Explore</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <address className="mt-4 space-y-2 text-sm not-italic [overflow-wrap:anywhere]">
            <p>
              <a href={`mailto:${site.email}`} className={linkClass}>
                {site.email}
              </a>
            </p>
            <p>
              <a href={telHref(site.phone)} className={linkClass}>
                {site.phone}
              </a>
            </p>
            <p>{site.address}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p>
            © {year} {site.brand}. All rights reserved.
          </p>
          <ul className="flex gap-6">
            {legalNavigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
