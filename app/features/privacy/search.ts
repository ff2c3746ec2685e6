// The address a privacy request is about, read from the page's query or a form: checked as every
// form of the site checks an address, so it matches what the forms stored.
import { requiredEmail } from "~/lib/form-fields";

const addressSchema = requiredEmail("Please enter the email address the request is about.");

export type AddressRead = { email: string } | { error: string } | null;

/** The address, a refusal to show beside the field, or null when none was asked about. */
export function requestedAddress(value: FormDataEntryValue | null): AddressRead {
  if (value === null) return null;
  const parsed = addressSchema.safeParse(typeof value === "string" ? value : undefined);
  if (parsed.success) return { email: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? "Please enter a valid email address." };
}

/** The page of the request about an address, or its confirmation step before an erasure. */
export function privacyHref(email: string, { erasing = false } = {}) {
  const params = new URLSearchParams({ email });
  if (erasing) params.set("erase", "ask");
  return `/admin/privacy?${params.toString()}`;
}

export const privacyExportHref = (email: string) =>
  `/admin/privacy/export?${new URLSearchParams({ email }).toString()}`;

/** The erasure's counts in words, the kinds that changed only: "1 contact messages, ...". */
export function erasureSummary(counts: Record<string, number>) {
  const changed = Object.entries(counts).filter(([, count]) => count > 0);
  if (changed.length === 0) return "Nothing was held about this address.";
  return `${changed.map(([kind, count]) => `${kind.replaceAll("_", " ")}: ${count}`).join(", ")}.`;
}
