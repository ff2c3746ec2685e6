// Where an assessment lead came from: the UTM parameters and referrer seen when the visitor arrived.
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

const utmParameters = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const;

type UtmKey = keyof typeof utmParameters;

/** Campaign tags and a page address are short; longer values are cut rather than stored whole. */
export const MAX_UTM_LENGTH = 80;
export const MAX_REFERRER_LENGTH = 200;

export type Attribution = Record<UtmKey | "referrer", string | null>;

/** A visitor who arrived with no campaign tags and no referring page. */
export const NO_ATTRIBUTION: Attribution = Object.freeze({
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
});

/**
 * The attribution columns of a table that has them (a visit, and the submission that copies its
 * visit's), as a select map: a column added to Attribution must be added here too, or this fails
 * to compile.
 */
export function attributionOf<Table extends Record<keyof Attribution, SQLiteColumn>>(
  table: Table,
): { [Key in keyof Attribution]: Table[Key] } {
  return {
    utmSource: table.utmSource,
    utmMedium: table.utmMedium,
    utmCampaign: table.utmCampaign,
    utmTerm: table.utmTerm,
    utmContent: table.utmContent,
    referrer: table.referrer,
  };
}

function cleaned(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const text = value
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, maxLength)
    .trim();
  return text === "" ? null : text;
}

/**
 * The referring page without its query string or fragment, which may carry tokens or personal
 * data; only http(s) addresses count.
 */
function referringPage(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return cleaned(`${url.origin}${url.pathname}`, MAX_REFERRER_LENGTH);
  } catch {
    return null;
  }
}

export function attributionFrom(url: URL, referer: string | null): Attribution {
  const utm = Object.fromEntries(
    (Object.entries(utmParameters) as [UtmKey, string][]).map(([key, parameter]) => [
      key,
      cleaned(url.searchParams.get(parameter), MAX_UTM_LENGTH),
    ]),
  ) as Record<UtmKey, string | null>;
  return { ...utm, referrer: referringPage(referer) };
}
