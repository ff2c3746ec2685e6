// The shape of a notice shown to the visitor (a toast), shared by server and browser. Plain
// TypeScript: every page loads this, so it must not pull a validation library into the browser.

export type Toast = {
  id: string;
  type: "success" | "error";
  title: string;
  description: string;
};

export function makeToast(type: Toast["type"], title: string, description: string): Toast {
  return { id: crypto.randomUUID(), type, title, description };
}
