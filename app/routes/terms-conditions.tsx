// The Terms & Conditions page: the rules for using the website and the assessment, with its effective date.
import type { Route } from "./+types/terms-conditions";
import { LegalDocument } from "~/components/legal-document";
import { legalDocument } from "~/content/legal/documents.server";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms & Conditions",
    description:
      "The terms that govern your use of our website and the Operational Efficiency Assessment: what the content is and is not, acceptable use, liability and Colorado governing law.",
    image: pageShareImage("terms-conditions"),
  });

export function loader() {
  return legalDocument("terms-conditions");
}

export default function TermsConditions({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      title="Terms & Conditions"
      summary="The rules for using our website and the Operational Efficiency Assessment."
      introHtml={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
