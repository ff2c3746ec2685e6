// A followed link to a page that names its loading state shows that state until the page arrives
// (components/page-loading.tsx draws the notice, hidden).
import { loadingMessageFor } from "~/content/loading-messages";

function followedLinkUrl(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
  if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) {
    return undefined;
  }
  const url = new URL(link.href);
  if (url.origin !== location.origin) return undefined;
  // A jump within this page loads nothing.
  if (url.hash && url.pathname === location.pathname && url.search === location.search) {
    return undefined;
  }
  return url;
}

export function showLoadingOnNavigation(root: Document) {
  const notice = root.querySelector<HTMLElement>("[data-page-loading]");
  const text = notice?.querySelector("[data-page-loading-message]");
  if (!notice || !text) return;
  root.addEventListener("click", (event) => {
    const url = followedLinkUrl(event);
    const message = url && loadingMessageFor(url.pathname);
    if (!message) return;
    text.textContent = message;
    notice.hidden = false;
  });
  // Back to this page from the browser's cache: nothing is loading any more.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) notice.hidden = true;
  });
}
