// The frame of the admin's work pages: the title, links to the other admin pages, and 'Sign Out'.
import type { ReactNode } from "react";
import { SignOutButton } from "./sign-out-button";

export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** The page's own buttons, beside 'Sign Out'. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-paper">
      <div className="mx-auto max-w-5xl px-5 pt-32 pb-20 sm:px-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold text-navy">{title}</h1>
            {subtitle ? <div className="mt-1 text-sm text-ink-soft">{subtitle}</div> : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {actions}
            <SignOutButton />
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}
