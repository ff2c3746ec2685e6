// The admin's own frame: a bar with the brand, the admin's sections, who is signed in and
// 'Sign Out', then the page across the screen's width. Staff come here to work, so the
// marketing header and footer stay on the public site.
import { Link, NavLink } from "react-router";
import type { ReactNode } from "react";
import { MenuIcon } from "~/components/ui/menu-icon";
import { SkipLink } from "~/components/ui/skip-link";
import { useDisclosureMenu } from "~/components/ui/use-disclosure-menu";
import { useSiteConfig } from "~/lib/site-config";
import { SignOutButton } from "./sign-out-button";

const adminSections = [
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/privacy", label: "Privacy" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/security", label: "Security" },
  { to: "/admin/retention", label: "Retention" },
  { to: "/admin/audit", label: "Audit log", ownersOnly: true },
] as const;

/**
 * Who is signed in; the sections are shown only to an account with admin rights, and the owners'
 * own (the audit log) only to an owner.
 */
export type AdminAccount = { email: string; admin: boolean; owner: boolean };

const sectionsFor = (account: AdminAccount) =>
  adminSections.filter((section) => !("ownersOnly" in section) || account.owner);

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
  const { menu, toggle, panel, close } = useDisclosureMenu();
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink />
      <header className="relative z-40 bg-navy-deep text-white">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1 px-5 py-2 sm:px-8">
          <Link
            to={account?.admin ? "/admin/blog" : "/admin/auth"}
            className="py-2 font-display text-lg font-semibold whitespace-nowrap"
          >
            {brand} <span className="text-accent">Admin</span>
          </Link>
          {account?.admin ? (
            <>
              {/* Eleven sections for an owner: on a tablet they wrap to a second row. */}
              <nav aria-label="Admin" className="hidden min-w-0 md:block">
                <ul className="flex flex-wrap gap-1">
                  {sectionsFor(account).map((section) => (
                    <li key={section.to}>
                      <NavLink to={section.to} className={sectionLinkClass}>
                        {section.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              {/* On a phone the sections are a menu, as on the public site, so none is cut off. */}
              <details ref={menu} className="group ml-auto md:hidden">
                <summary
                  ref={toggle}
                  className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10 [&::-webkit-details-marker]:hidden"
                >
                  <MenuIcon />
                  <span>Menu</span>
                </summary>
                <nav
                  ref={panel}
                  aria-label="Admin"
                  className="menu-steps-aside absolute inset-x-0 top-full z-40 border-b border-white/10 bg-navy-deep px-5 pt-2 pb-4 shadow-xl"
                >
                  <ul className="space-y-1">
                    {sectionsFor(account).map((section) => (
                      <li key={section.to}>
                        <NavLink to={section.to} className={sectionLinkClass} onClick={close}>
                          {section.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
              </details>
            </>
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
