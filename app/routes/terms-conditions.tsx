// The Terms & Conditions page: the rules for using the website and the assessment, with its effective date.
import type { Route } from "./+types/terms-conditions";
import { LegalDocument } from "~/components/legal-document";
import { legalDocument } from "~/content/legal/documents.server";
import { legalHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: legalHero.termsTitle,
    description:
      "The terms that govern your use of our website and the Operational Efficiency Assessment: what the content is and is not, acceptable use, liability and Colorado governing law.",
    image: pageShareImage(args.matches, "terms-conditions"),
  });

export function loader() {
  return legalDocument("terms-conditions");
}

export default function TermsConditions({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      title={legalHero.termsTitle}
      summary="The rules for using our website and the Operational Efficiency Assessment."
      introHtml={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
