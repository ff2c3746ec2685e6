// The one button of the working screens (the admin, its sign-in): primary for the screen's main
// action, secondary for the others, danger for what cannot be undone. A link that does a
// button's job (Add New Post, Edit) takes the same look from buttonClassName.
import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger";
type ButtonSize = "small" | "medium" | "large";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white shadow-sm hover:bg-brand-strong",
  secondary: "border border-line bg-white text-navy hover:border-brand hover:text-brand-strong",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
};

const sizes: Record<ButtonSize, string> = {
  small: "px-3 py-1.5 text-sm",
  medium: "px-4 py-2",
  large: "px-6 py-3",
};

export function buttonClassName({
  variant = "secondary",
  size = "medium",
  className = "",
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return [
    "inline-flex items-center justify-center rounded-md font-semibold whitespace-nowrap",
    "disabled:cursor-wait disabled:opacity-70",
    variants[variant],
    sizes[size],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <button type={type} className={buttonClassName({ variant, size, className })} {...props} />
  );
}
