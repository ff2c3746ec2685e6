// Solutions: the diagnostics-first method, the four offerings, the AI-ready assessment and the stack.
import type { Route } from "./+types/solutions";
import { DiagnosticsSection } from "~/components/solutions/diagnostics-section";
import { MethodSection } from "~/components/solutions/method-section";
import { AiReadySection, OfferingsSection } from "~/components/solutions/offerings-section";
import { BuildYourStackSection } from "~/components/solutions/stack-section";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { solutionsHero } from "~/content/solutions";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Solutions",
    description: `Process diagnostics, reengineering and ongoing enablement that remove hidden operational waste, plus our new AI-Ready Operations Assessment. Results within ${figures.resultsWithinDays} days.`,
    image: pageShareImage(args.matches, "solutions"),
  });

export default function Solutions() {
  return (
    <>
      <PageHero eyebrow={solutionsHero.eyebrow} title={solutionsHero.title}>
        <p>{solutionsHero.intro}</p>
      </PageHero>
      <DiagnosticsSection />
      <MethodSection />
      <OfferingsSection />
      <AiReadySection />
      <BuildYourStackSection />
    </>
  );
}
