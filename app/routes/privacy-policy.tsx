// The Privacy Policy page: what personal information the website collects, why, and the rights people have.
import type { Route } from "./+types/privacy-policy";
import { LegalDocument } from "~/components/legal-document";
import { legalDocument } from "~/content/legal/documents.server";
import { legalHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: legalHero.privacyPolicyTitle,
    description:
      "How we collect, use, share and protect the information you give us through our website and assessment, the essential cookies we use, and your Colorado privacy rights.",
    image: pageShareImage(args.matches, "privacy-policy"),
  });

export function loader() {
  return legalDocument("privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      title={legalHero.privacyPolicyTitle}
      summary="What we collect through our website, why we collect it, and the choices you have."
      introHtml={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
