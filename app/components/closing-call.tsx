// The full-width call to action that closes a page: a heading, one paragraph and two buttons.
import type { ReactNode } from "react";
import type { CallToAction } from "~/content/calls-to-action";
import { ButtonLink } from "./ui/button-link";

export function ClosingCall({
  heading,
  children,
  primary,
  secondary,
}: {
  heading: string;
  children: ReactNode;
  primary: CallToAction;
  secondary: CallToAction;
}) {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-strong text-white">
      <div className="mx-auto max-w-4xl px-5 py-20 text-center sm:px-8">
        <h2 id="closing-heading" className="text-3xl font-semibold sm:text-5xl">
          {heading}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-teal-50">{children}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink cta={primary} />
          <ButtonLink cta={secondary} variant="outline" />
        </div>
      </div>
    </section>
  );
}
