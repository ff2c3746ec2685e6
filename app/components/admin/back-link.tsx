// The way back from a record to the list it belongs to, on its own line above or below it.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function BackLink({
  to,
  className = "mt-6",
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p className={className}>
      <Link to={to} className="font-semibold text-brand-strong underline">
        {children}
      </Link>
    </p>
  );
}
