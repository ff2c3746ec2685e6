// The shape of a notice shown to the visitor (a toast), shared by server and browser. Plain
// TypeScript: every page loads this, so it must not pull a validation library into the browser.

export type Toast = {
  id: string;
  type: "success" | "error";
  title: string;
  description: string;
  /** Where to go next about what the notice says (the post just saved): a path on this site. */
  link?: { href: string; label: string };
};

export function makeToast(
  type: Toast["type"],
  title: string,
  description: string,
  link?: Toast["link"],
): Toast {
  return { id: crypto.randomUUID(), type, title, description, ...(link ? { link } : {}) };
}
