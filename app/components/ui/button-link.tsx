// A link that looks like a button, in the site's three emphasis levels.
import { Link, type LinkProps } from "@remix-run/react";

const variants = {
  primary: "bg-accent text-navy-deep hover:bg-[#f5c25a] shadow-sm",
  secondary: "bg-brand text-white hover:bg-brand-strong shadow-sm",
  outline: "border border-current text-current hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export function ButtonLink({
  variant = "primary",
  className = "",
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return (
    <Link
      className={`inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-center text-sm font-semibold transition-colors sm:text-base ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
