// The firm's identity and contact details, from the environment or the demo defaults.
import { env } from "./env.server";
import { DEMO_BRAND } from "./demo-brand";
import type { SiteConfig } from "./site-config";

export const siteConfig: SiteConfig = {
  brand: env.BRAND_NAME ?? DEMO_BRAND.name,
  email: env.CONTACT_EMAIL ?? DEMO_BRAND.email,
  phone: env.CONTACT_PHONE ?? DEMO_BRAND.phone,
  address: env.CONTACT_ADDRESS ?? formatAddress(DEMO_BRAND.address),
  origin: env.SITE_URL,
  timeZone: env.SITE_TIME_ZONE,
};

function formatAddress(address: typeof DEMO_BRAND.address) {
  return `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`;
}
