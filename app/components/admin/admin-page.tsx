// The top of an admin screen inside the admin's layout: its title, a line under it, and its own
// buttons; the content below uses the screen's width.
import type { ReactNode } from "react";

export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-[100rem] px-5 pt-8 pb-16 sm:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold text-navy">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-ink-soft">{subtitle}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
