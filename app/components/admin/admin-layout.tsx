// The admin's own frame: a bar with the brand, the admin's sections, who is signed in and
// 'Sign Out', then the page across the screen's width. Staff come here to work, so the
// marketing header and footer stay on the public site.
import { Link, NavLink } from "react-router";
import type { ReactNode } from "react";
import { SkipLink } from "~/components/ui/skip-link";
import { useSiteConfig } from "~/lib/site-config";
import { SignOutButton } from "./sign-out-button";

const adminSections = [
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/security", label: "Security" },
] as const;

/** Who is signed in; the sections are shown only to an account with admin rights. */
export type AdminAccount = { email: string; admin: boolean };

function sectionLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap ${
    isActive ? "bg-white/10 text-accent" : "text-slate-200 hover:bg-white/5 hover:text-white"
  }`;
}

export function AdminLayout({
  account,
  notice,
  children,
}: {
  account: AdminAccount | null;
  /** A notice for the whole page (after a redirect), shown above its content. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { brand } = useSiteConfig();
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink />
      <header className="bg-navy-deep text-white">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1 px-5 py-2 sm:px-8">
          <Link
            to={account?.admin ? "/admin/blog" : "/admin/auth"}
            className="py-2 font-display text-lg font-semibold whitespace-nowrap"
          >
            {brand} <span className="text-accent">Admin</span>
          </Link>
          {account?.admin ? (
            // Below the brand on a phone, where the row scrolls on its own if it must.
            <nav
              aria-label="Admin"
              className="order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto"
            >
              <ul className="flex gap-1">
                {adminSections.map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to} className={sectionLinkClass}>
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {/* On a phone a row of its own, the email under the brand; beside the sections on wider screens. */}
          <div className="flex w-full min-w-0 items-center justify-between gap-3 md:ml-auto md:w-auto">
            {account ? (
              <>
                <span
                  className="max-w-80 min-w-0 truncate text-sm text-slate-300"
                  title={account.email}
                >
                  <span className="sr-only">Signed in as </span>
                  {account.email}
                </span>
                <SignOutButton />
              </>
            ) : (
              <Link to="/" className="text-sm font-semibold text-slate-200 hover:text-white">
                Back to the website
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {notice ? <div className="px-5 pt-6 sm:px-8">{notice}</div> : null}
        {children}
      </main>
    </div>
  );
}
