// One of a list's views in a row of pills (a period, an email state, an order): a plain link,
// marked when it is the view shown.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function ChoiceLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "true" : undefined}
      className="rounded-full border border-line bg-white px-4 py-1.5 text-sm font-semibold text-navy aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white"
    >
      {children}
    </Link>
  );
}
