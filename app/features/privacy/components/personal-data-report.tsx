// What the site holds about one address, kind by kind, each record's fields as they are stored
// (and as the export gives them), with the export's download and, for owners, the erasure, which
// asks first: in a dialog with JavaScript, on a step of its own without.
import type { ReactNode } from "react";
import { AskFirstButton, type Confirmation } from "~/components/admin/ask-first";
import type { PersonalRecords } from "~/lib/personal-data";
import { privacyExportHref, privacyHref } from "../search";

export function erasureConfirmation(email: string): Confirmation {
  return {
    key: "erase",
    question: "Erase everything held about this address?",
    subject: `Every record that names ${email} is deleted, or kept without the person (their leads stay counted). This cannot be undone.`,
    action: "/admin/privacy",
    fields: { email },
    intent: "erase",
    confirmLabel: "Erase this person's data",
  };
}

function shown(value: unknown): ReactNode {
  if (value === null || value === undefined || value === "") return <span aria-hidden>-</span>;
  if (typeof value === "object") return <code className="break-all">{JSON.stringify(value)}</code>;
  return <span className="break-words whitespace-pre-wrap">{String(value)}</span>;
}

function RecordFields({ record }: { record: Record<string, unknown> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {Object.entries(record).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium text-ink-soft">{name}</dt>
          <dd className="min-w-0 text-ink">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PersonalDataReport({
  email,
  found,
  canErase,
}: {
  email: string;
  found: PersonalRecords[];
  canErase: boolean;
}) {
  const total = found.reduce((sum, kind) => sum + kind.records.length, 0);
  return (
    <section aria-labelledby="found-heading" className="mt-10">
      <h2 id="found-heading" className="text-xl font-semibold text-navy">
        Held about {email} ({total} {total === 1 ? "record" : "records"})
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <a
          href={privacyExportHref(email)}
          download
          className="font-semibold text-brand-strong underline"
        >
          Export as JSON
        </a>
        {canErase ? (
          <AskFirstButton
            confirmation={erasureConfirmation(email)}
            label="Erase"
            accessibleLabel={`Erase everything held about ${email}`}
            askHref={privacyHref(email, { erasing: true })}
          />
        ) : (
          <p className="text-sm text-ink-soft">Only an owner can erase a person&apos;s data.</p>
        )}
      </div>
      <ul className="mt-6 space-y-4">
        {found.map((kind) => (
          <li key={kind.kind} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-line">
            <h3 className="font-semibold text-navy">
              {kind.label}: {kind.records.length}
            </h3>
            {kind.kept && kind.records.length > 0 ? (
              <p className="mt-1 text-sm text-ink-soft">Kept after an erasure. {kind.kept}</p>
            ) : null}
            {kind.records.length > 0 ? (
              <ol className="mt-3 space-y-3">
                {kind.records.map((record, index) => (
                  <li key={index} className="border-t border-line pt-3 first:border-t-0 first:pt-0">
                    <RecordFields record={record} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
