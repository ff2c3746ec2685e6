// The firm's identity and contact details, from the environment or the demo defaults.
import { env } from "./env.server";
import type { SiteConfig } from "./site-config";

// A fictional brand on reserved example domains (RFC 2606), so a demo install never mails a real person.
const DEMO_BRAND = {
  name: "Keelstone Operations",
  email: "hello@keelstone.example.com",
  phone: "+1 (303) 555-0142",
  address: {
    street: "1800 Example Street, Suite 400",
    locality: "Denver",
    region: "CO",
    postalCode: "80202",
    country: "United States",
  },
} as const;

export const siteConfig: SiteConfig = {
  brand: env.BRAND_NAME ?? DEMO_BRAND.name,
  email: env.CONTACT_EMAIL ?? DEMO_BRAND.email,
  phone: env.CONTACT_PHONE ?? DEMO_BRAND.phone,
  address: env.CONTACT_ADDRESS ?? formatAddress(DEMO_BRAND.address),
  origin: env.SITE_URL,
};

function formatAddress(address: typeof DEMO_BRAND.address) {
  return `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`;
}
