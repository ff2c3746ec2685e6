import { data, type LinksFunction, type LoaderFunctionArgs } from "react-router";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useContext, type ReactNode } from "react";
import { PageLoading } from "~/components/page-loading";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ButtonLink } from "~/components/ui/button-link";
import { PageHero } from "~/components/ui/section";
import { SkipLink } from "~/components/ui/skip-link";
import { ToastNotice } from "~/components/ui/toast-notice";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { siteConfig } from "~/lib/site-config.server";
import { appleTouchIcon, manifestPath, tabIcon } from "~/lib/site-icons";
import { currentYear } from "~/lib/dates";
import { pageShareImages } from "~/features/share-cards/index.server";
import { useNonce } from "~/lib/nonce";
import { SiteStylesContext } from "~/lib/site-styles";
import { StorageUnavailableContext } from "~/lib/storage-unavailable";
import { answerStorageFailures } from "~/lib/storage-failure.server";
import { getToast } from "~/lib/toast.server";
import { callsToAction } from "~/content/calls-to-action";
import type { RouteHandle } from "~/lib/admin-route";
import { useErrorPage } from "~/lib/error-page";
import { redirectToCanonicalAddress } from "~/canonical-address";
import { insightsFeedLinks } from "~/features/insights";

// Every page sets its text in both fonts. Named only in the stylesheet, their files would be
// requested once the browser had laid the page out. Preloaded, they arrive with the page; until
// then text is drawn in a fallback sized to match (app/tailwind.css), so nothing moves.
const preloadedFonts = [interLatin, frauncesLatin];

export const links: LinksFunction = () => [
  ...preloadedFonts.map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // For browsers and readers that take no SVG icon; /favicon.ico serves those that look unasked.
  { rel: "icon", href: tabIcon.path, type: "image/png", sizes: `${tabIcon.size}x${tabIcon.size}` },
  {
    rel: "apple-touch-icon",
    href: appleTouchIcon.path,
    sizes: `${appleTouchIcon.size}x${appleTouchIcon.size}`,
  },
  { rel: "manifest", href: manifestPath },
  ...insightsFeedLinks(),
];

export const middleware = [answerStorageFailures, redirectToCanonicalAddress];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  // Every page's share card, for meta functions, which cannot build the addresses in the browser.
  // The footer's year comes from here, so no page's script carries the zone arithmetic for it;
  // a stored page lives no longer than the year (entry.server's nextCalendarChange).
  return data(
    {
      site: siteConfig,
      year: currentYear(siteConfig.timeZone),
      toast,
      shareCards: pageShareImages(),
    },
    { headers: headers ?? undefined },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The page of a storage failure loads no script: the browser's router, knowing only a generic
  // error, would draw the generic page over it.
  const storageFailed = useContext(StorageUnavailableContext);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a1628" />
        <SiteStyles />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {storageFailed ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The stylesheet, inline. In the browser the element the server sent stays as it is (React does not
 * compare inner HTML when it hydrates); should the browser ever draw the page afresh, it draws the
 * same text again rather than an empty element.
 */
function SiteStyles() {
  const css =
    useContext(SiteStylesContext) ?? document.getElementById("site-styles")?.textContent ?? "";
  return <style id="site-styles" dangerouslySetInnerHTML={{ __html: css }} />;
}

function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  // The admin draws its own frame, and shows the notice inside it.
  const ownLayout = useMatches().some((match) => (match.handle as RouteHandle)?.ownLayout);
  if (ownLayout) {
    return (
      <>
        <PageLoading />
        <Outlet />
      </>
    );
  }
  return (
    <SiteChrome>
      {toast ? <ToastNotice key={toast.id} toast={toast} floating readOnce takesFocus /> : null}
      <PageLoading />
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary() {
  const { status, title, description } = useErrorPage();
  // The root loader may have failed too: then the page goes without the header and footer, which
  // need its data.
  const rootLoaded = useRouteLoaderData<typeof loader>("root") !== undefined;
  const page = (
    // As tall as the content area at least, so no white band parts it from the footer.
    <div className="min-h-[60vh] bg-navy-deep text-white">
      <PageHero eyebrow={`Error ${status}`} title={title}>
        <p>{description}</p>
        <div className="mt-8">
          <ButtonLink cta={callsToAction.returnToHome} reloadDocument />
        </div>
      </PageHero>
    </div>
  );
  if (rootLoaded) return <SiteChrome>{page}</SiteChrome>;
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      {page}
    </main>
  );
}
