// The Privacy Policy page: what personal information the website collects, why, and the rights people have.
// It states the retention periods and the processors as this install is set up; the cache tag lets
// a change to either drop the stored copy (app/lib/content-changes.server.ts).
import type { Route } from "./+types/privacy-policy";
import { data } from "react-router";
import { LegalDocument } from "~/components/legal-document";
import { legalDocument } from "~/content/legal/documents.server";
import { legalHero } from "~/content/heroes";
import { ProcessorList } from "~/features/retention";
import { privacyPolicyFacts } from "~/features/retention/index.server";
import { pageShareImage } from "~/features/share-cards";
import { PRIVACY_POLICY_CACHE_TAG } from "~/lib/content-changes.server";
import { cacheTagHeader, publicCacheControl } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: legalHero.privacyPolicyTitle,
    description:
      "How we collect, use, share and protect the information you give us through our website and assessment, the essential cookies we use, and your Colorado privacy rights.",
    image: pageShareImage(args.matches, "privacy-policy"),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader() {
  const { values, processors } = privacyPolicyFacts();
  return data(
    { ...legalDocument("privacy-policy", values), processors },
    { headers: { ...publicCacheControl, ...cacheTagHeader([PRIVACY_POLICY_CACHE_TAG]) } },
  );
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      title={legalHero.privacyPolicyTitle}
      summary="What we collect through our website, why we collect it, and the choices you have."
      introHtml={loaderData.introHtml}
      sections={loaderData.sections}
      slots={{ processors: <ProcessorList processors={loaderData.processors} /> }}
    />
  );
}
