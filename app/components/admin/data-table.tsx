// A table of the admin's in a box of its own, which scrolls sideways on a narrow screen, never
// the page. The box is positioned, so a visually hidden heading (sr-only, absolutely placed)
// stays inside it instead of widening the page.
import type { ReactNode } from "react";

export const headCellClass = "p-3 font-semibold text-ink-soft";
export const cellClass = "border-t border-line p-3 align-top";

export function DataTable({
  className = "mt-4",
  tableClassName = "w-full text-left text-sm",
  stackOnPhone = false,
  children,
}: {
  className?: string;
  tableClassName?: string;
  /** On a phone, each row becomes a card and each cell a line under its `data-label`. */
  stackOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-line ${className}`}
    >
      <table className={stackOnPhone ? `stacked-table ${tableClassName}` : tableClassName}>
        {children}
      </table>
    </div>
  );
}

/** Column headings that only name their columns. */
export function ColumnHeadings({ names, className }: { names: string[]; className: string }) {
  return names.map((name) => (
    <th key={name} scope="col" className={className}>
      {name}
    </th>
  ));
}
