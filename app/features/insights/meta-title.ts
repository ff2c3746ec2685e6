// A post's meta title and the brand suffix every <title> gets (app/lib/meta.ts): a suffix staff
// typed themselves, as other tools made them do, is left off, so the title shows it once. Here, not
// in meta.ts, because only posts have titles that staff type: the public pages' script stays small.
import { brandSuffix } from "~/lib/meta";

/** The title without a trailing " | <brand>", in any spacing or case. */
export function withoutBrandSuffix(title: string, brand: string) {
  const escapedBrand = brand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return title.trim().replace(new RegExp(`\\s*\\|\\s*${escapedBrand}$`, "i"), "");
}

/** A post's <title>: its own title and the brand suffix, once. */
export function brandedTitle(title: string, brand: string) {
  return `${withoutBrandSuffix(title, brand)}${brandSuffix(brand)}`;
}
