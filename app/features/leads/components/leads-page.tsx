// The frame of every leads page: the admin page, the leads sections, and plain table styles.
import { Form, Link, NavLink, useLocation } from "react-router";
import { inputClass } from "~/components/ui/form-field";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { ChoiceLink } from "~/components/admin/choice-link";
import { Button } from "~/components/ui/button";
import type { RangeShortcut } from "~/lib/url-filters";
import { useValueFromAddress } from "~/lib/use-value-from-address";

// An assessment's own page belongs to the Assessments tab, though its path is not below it.
const sections = [
  {
    to: "/admin/leads",
    label: "Assessments",
    covers: (path: string) =>
      path === "/admin/leads" || path.startsWith("/admin/leads/assessments/"),
  },
  {
    to: "/admin/leads/messages",
    label: "Contact messages",
    covers: (path: string) => path.startsWith("/admin/leads/messages"),
  },
  {
    to: "/admin/leads/clicks",
    label: "CTA clicks",
    covers: (path: string) => path.startsWith("/admin/leads/clicks"),
  },
];

export function LeadsPage({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, "");
  return (
    <AdminPage title={title}>
      <nav aria-label="Leads" className="mt-6 border-b border-line">
        <ul className="flex flex-wrap gap-1">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={section.covers(path) ? "page" : undefined}
                className="inline-block rounded-t-md px-4 py-2 font-semibold text-navy hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-brand-strong aria-[current=page]:ring-1 aria-[current=page]:ring-line"
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </AdminPage>
  );
}

/**
 * From / To days and 'Filter', as a GET form: the filtered view is a URL like any other, and so is
 * each shortcut beside it ("Last 7 days"), a plain link with the other filters kept. Its label
 * names the form, so it is told apart from the page's other forms (Sign Out, for one).
 */
export function DateRangeForm({
  path,
  params,
  kept = new URLSearchParams(),
  shortcuts,
  label,
  children,
}: {
  path: string;
  /** The list's filters, as the form's fields show them. */
  params: URLSearchParams;
  /** What the list is also set to outside the form (its order, a tab): kept by both. */
  kept?: URLSearchParams;
  shortcuts: RangeShortcut[];
  label: string;
  children?: ReactNode;
}) {
  const shortcutHref = (shortcut: RangeShortcut) => {
    const target = new URLSearchParams([...params, ...kept]);
    target.set("from", shortcut.from);
    target.set("to", shortcut.to);
    return `${path}?${target.toString()}`;
  };
  return (
    <Form
      method="get"
      action={path}
      aria-label={label}
      className="mt-4 grid gap-4 rounded-lg bg-white p-4 ring-1 ring-line sm:grid-cols-5"
    >
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <DateField label="From" name="from" value={params.get("from")} />
      <DateField label="To" name="to" value={params.get("to")} />
      <div className="flex items-end gap-3">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        <NavLink to={path} className="py-2 text-sm font-semibold text-brand-strong underline">
          Clear
        </NavLink>
      </div>
      <nav aria-label="Date shortcuts" className="flex flex-wrap gap-2 sm:col-span-5">
        {shortcuts.map((shortcut) => (
          <ChoiceLink
            key={shortcut.label}
            to={shortcutHref(shortcut)}
            current={params.get("from") === shortcut.from && params.get("to") === shortcut.to}
          >
            {shortcut.label}
          </ChoiceLink>
        ))}
      </nav>
    </Form>
  );
}

function DateField({ label, name, value }: { label: string; name: string; value: string | null }) {
  const field = useValueFromAddress<HTMLInputElement>(value ?? "");
  return (
    <label className="text-sm font-medium text-navy">
      {label}
      <input
        ref={field}
        type="date"
        name={name}
        defaultValue={value ?? ""}
        className={inputClass}
      />
    </label>
  );
}
