// The effective date shared by the Terms & Conditions and the Privacy Policy, written once.
export const legalEffectiveDate = {
  /** As shown to readers. */
  display: "9/11/2025",
  /** For the dateTime attribute of a <time> element. */
  iso: "2025-09-11",
} as const;
