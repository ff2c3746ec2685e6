// Solutions: why every engagement starts with a diagnosis, and the reasons it pays.
import { Section } from "~/components/ui/section";
import { diagnostics } from "~/content/solutions";

export function DiagnosticsSection() {
  return (
    <Section id="diagnostics" eyebrow={diagnostics.eyebrow} heading={diagnostics.heading}>
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:gap-14">
        <div className="space-y-5 text-lg text-ink-soft">
          {diagnostics.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="rounded-xl border border-line bg-paper p-6 sm:p-8">
          <h3 className="text-xl font-semibold text-navy">{diagnostics.reasonsHeading}</h3>
          <ul className="mt-5 space-y-5">
            {diagnostics.reasons.map((reason) => (
              <li key={reason.title} className="border-l-4 border-brand pl-4">
                <strong className="block font-semibold text-navy">{reason.title}</strong>
                <span className="mt-1 block text-ink-soft">{reason.description}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
