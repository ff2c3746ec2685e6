// A figure such as "15-30%" kept whole: a narrow line would otherwise break after its hyphen.
import type { ReactNode } from "react";

export function WholeFigure({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
