// The shape of the site config and the hook that reads it from the root loader anywhere in the UI.
import { useRouteLoaderData } from "react-router";

export type SiteConfig = {
  brand: string;
  email: string;
  phone: string;
  address: string;
  /** Canonical origin without a trailing slash, e.g. https://www.example.com */
  origin: string;
  /** The IANA zone every date is shown and entered in (SITE_TIME_ZONE). */
  timeZone: string;
};

export function useSiteConfig(): SiteConfig {
  const data = useRouteLoaderData<{ site: SiteConfig }>("root");
  if (!data) throw new Error("useSiteConfig must be used below the root route");
  return data.site;
}

/** The firm's zone, for components that show or take dates. */
export function useTimeZone() {
  return useSiteConfig().timeZone;
}

/** The phone number as a tel: URI (digits and a leading plus only). */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
