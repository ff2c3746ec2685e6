import { describe, expect, test } from "vitest";
import { attributionFrom, MAX_REFERRER_LENGTH, MAX_UTM_LENGTH } from "./attribution";

const page = (query: string) =>
  new URL(`https://keelstone.example.com/efficiency-assessment${query}`);
const none = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
};

describe("attributionFrom", () => {
  test.each([
    ["no parameters, no referrer", "", null, none],
    [
      "every UTM parameter",
      "?utm_source=linkedin&utm_medium=social&utm_campaign=q4-ops&utm_term=waste&utm_content=banner",
      null,
      {
        ...none,
        utmSource: "linkedin",
        utmMedium: "social",
        utmCampaign: "q4-ops",
        utmTerm: "waste",
        utmContent: "banner",
      },
    ],
    ["blank values count as absent", "?utm_source=%20%20&utm_medium=", null, none],
    [
      "control characters are dropped",
      "?utm_source=news%0D%0Aletter",
      null,
      { ...none, utmSource: "newsletter" },
    ],
    [
      "the referrer keeps origin and path only",
      "",
      "https://www.google.com/search?q=ops+consulting#top",
      { ...none, referrer: "https://www.google.com/search" },
    ],
    ["a non-web referrer is ignored", "", "android-app://com.example/", none],
    ["a malformed referrer is ignored", "", "not a url", none],
  ])("%s", (_name, query, referer, expected) => {
    expect(attributionFrom(page(query), referer)).toEqual(expected);
  });

  test("long values are cut to their caps", () => {
    const result = attributionFrom(
      page(`?utm_campaign=${"c".repeat(500)}`),
      `https://example.org/${"p".repeat(500)}`,
    );
    expect(result.utmCampaign).toHaveLength(MAX_UTM_LENGTH);
    expect(result.referrer).toHaveLength(MAX_REFERRER_LENGTH);
  });
});
