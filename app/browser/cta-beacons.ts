// CTA clicks with JavaScript on: a beacon, which every browser sends. Without JavaScript the link's
// `ping` reports the click instead, but Firefox never sends pings; the beacon takes its place, so
// the ping goes first and each click is reported once.
import { ctaClickUrl, newUserSession } from "~/services/cta-click";

export function reportCtaClicksWithBeacons(root: Document) {
  for (const link of root.querySelectorAll("a[data-cta][ping]")) link.removeAttribute("ping");
  root.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-cta]");
    const label = link?.dataset.cta;
    if (!label) return;
    try {
      navigator.sendBeacon(ctaClickUrl(label, location.pathname, newUserSession()));
    } catch (error) {
      // Tracking must never get in the visitor's way.
      console.warn("CTA click not recorded", error);
    }
  });
}
