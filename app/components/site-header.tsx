// The fixed top bar: brand, the seven primary links, the score button and the mobile menu.
import { Link, NavLink } from "react-router";
import { callsToAction } from "~/content/calls-to-action";
import { primaryNavigation } from "~/content/navigation";
import { useSiteConfig } from "~/lib/site-config";
import { ButtonLink } from "./ui/button-link";
import { MenuIcon } from "./ui/menu-icon";
import { useDisclosureMenu } from "./ui/use-disclosure-menu";

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-white/10 text-accent" : "text-slate-200 hover:text-white"
  }`;
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-4 py-3 text-base font-medium ${
    isActive ? "bg-white/10 text-accent" : "text-slate-100 hover:bg-white/5"
  }`;
}

export function SiteHeader() {
  const { brand } = useSiteConfig();
  const {
    menu: mobileMenu,
    toggle: menuToggle,
    panel: menuPanel,
    close: closeMobileMenu,
  } = useDisclosureMenu();

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-white/10 bg-navy-deep/95 text-white backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-5 sm:px-8">
        <Link to="/" className="flex items-center gap-2 font-display text-lg font-semibold">
          <LogoMark />
          <span>{brand}</span>
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  prefetch="intent"
                  className={desktopLinkClass}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden xl:block">
          <ButtonLink cta={callsToAction.getYourOperationalScore} className="!py-2" />
        </div>

        <details ref={mobileMenu} className="group xl:hidden">
          <summary
            ref={menuToggle}
            className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 [&::-webkit-details-marker]:hidden"
            data-testid="mobile-menu-toggle"
          >
            <MenuIcon />
            <span>Menu</span>
          </summary>
          {/* Dims the page under the open menu. The header's backdrop blur makes the header the
              box that fixed children are placed in, so this is sized to the window by hand. */}
          <div
            aria-hidden="true"
            data-testid="mobile-menu-backdrop"
            className="menu-steps-aside absolute inset-x-0 top-16 h-[calc(100dvh-4rem)] bg-navy-deep/60"
          />
          <nav
            ref={menuPanel}
            aria-label="Main"
            className="menu-steps-aside absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-white/10 bg-navy-deep px-5 pt-2 pb-6 shadow-xl"
          >
            <ul className="space-y-1">
              {primaryNavigation.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    className={mobileLinkClass}
                    onClick={closeMobileMenu}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ButtonLink
              cta={callsToAction.getYourOperationalScore}
              className="mt-4 w-full"
              onClick={closeMobileMenu}
            />
          </nav>
        </details>
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path d="M8 22 L14 10 L18 18 L21 13 L25 22 Z" fill="#f2b134" />
    </svg>
  );
}
