// A notice (toast) that screen readers announce and a keyboard can close.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

// 32 px square: a target of 24 px at least (WCAG 2.5.8), in the notice's own colour.
const closeClassName =
  "-mt-1 -mr-1 flex size-8 shrink-0 items-center justify-center rounded text-xl leading-none opacity-70 hover:opacity-100";

export function ToastNotice({
  toast,
  floating = false,
  readOnce = false,
  takesFocus = false,
  children,
}: {
  toast: Toast;
  /** More under the description: the admin's link to what the notice is about. */
  children?: ReactNode;
  floating?: boolean;
  /**
   * The outcome of the form the visitor just sent (a wrong password, a message sent): the notice
   * takes the focus as it appears, so a screen reader reads it at once and Tab goes on from it.
   * Key it by the notice's id, so that each new notice mounts afresh. On the server's page
   * `autofocus` focuses it as the page loads; a notice drawn later in the browser is focused here.
   */
  takesFocus?: boolean;
  /**
   * The notice a redirect left in the flash cookie, which the root loader read and cleared: the
   * page's own address now shows the page without it, so without JavaScript a link there closes
   * it. A notice answering a form post has no such address (loading the page again would drop
   * what the post sent back), so without JavaScript it stays in the page's flow, covering nothing.
   */
  readOnce?: boolean;
}) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const drawnInBrowser = useRef(hydrated);
  useEffect(() => {
    if (takesFocus && drawnInBrowser.current) box.current?.focus();
  }, [takesFocus]);
  if (!open) return null;
  const destructive = toast.type === "error";
  const label = (
    <>
      <span aria-hidden="true">×</span>
      <span className="sr-only">Dismiss notice</span>
    </>
  );
  return (
    <div
      ref={box}
      tabIndex={takesFocus ? -1 : undefined}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only the outcome of the visitor's own post
      autoFocus={takesFocus}
      className={`focus:outline-none ${
        floating ? "fixed top-20 right-4 left-4 z-40 sm:left-auto sm:w-96 print:hidden" : ""
      }`}
    >
      <div
        role={destructive ? "alert" : "status"}
        className={`flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
          destructive
            ? "border-red-300 bg-red-50 text-red-900"
            : "border-emerald-300 bg-emerald-50 text-emerald-900"
        }`}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          <p className="mt-1 text-sm">{toast.description}</p>
          {children}
        </div>
        {hydrated ? (
          <button
            type="button"
            className={closeClassName}
            onClick={() => {
              // The notice sits at the start of the page's content: focus goes on from there
              // rather than falling back to the top of the document.
              document.getElementById("main")?.focus({ preventScroll: true });
              setOpen(false);
            }}
          >
            {label}
          </button>
        ) : readOnce ? (
          <a href={`${pathname}${search}`} className={closeClassName}>
            {label}
          </a>
        ) : null}
      </div>
    </div>
  );
}
