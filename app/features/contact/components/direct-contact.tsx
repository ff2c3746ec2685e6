// The firm's own email, phone and office beside the form, for those who would rather write or call.
import { figures } from "~/content/figures";
import { telHref, useSiteConfig } from "~/lib/site-config";

export function DirectContact() {
  const site = useSiteConfig();
  return (
    <aside
      aria-labelledby="contact-direct-heading"
      className="rounded-xl bg-paper p-8 ring-1 ring-line lg:self-start"
    >
      <h2 id="contact-direct-heading" className="text-2xl font-semibold text-navy">
        Prefer to reach us directly?
      </h2>
      <dl className="mt-6 space-y-5">
        <div>
          <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">Email</dt>
          <dd className="mt-1 text-lg">
            <a
              href={`mailto:${site.email}`}
              className="font-medium text-brand-strong underline underline-offset-4 [overflow-wrap:anywhere]"
            >
              {site.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">Phone</dt>
          <dd className="mt-1 text-lg">
            <a
              href={telHref(site.phone)}
              className="font-medium text-brand-strong underline underline-offset-4"
            >
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">Office</dt>
          <dd className="mt-1 text-ink-soft">{site.address}</dd>
        </div>
      </dl>
      <p className="mt-8 rounded-lg bg-white p-4 text-ink-soft ring-1 ring-line">
        We reply to every message within {figures.replyWithinHours} hours, on business days and
        weekends alike.
      </p>
    </aside>
  );
}
