// A decorative line icon drawn in the text's colour: the Solutions page's arrows, ticks and cycle.
import type { ReactNode } from "react";

export function StrokeIcon({
  className,
  viewBox = "0 0 24 24",
  strokeWidth = 2.5,
  children,
}: {
  className: string;
  viewBox?: string;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
