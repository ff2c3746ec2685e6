// A notice that takes the focus as it appears: the outcome of the form the visitor just sent (a
// wrong password, a message sent), so a screen reader reads it at once and Tab goes on from it.
import { useEffect, useRef } from "react";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { ToastNotice } from "./toast-notice";

/** Key it by the notice's id, so that each new notice mounts afresh and takes the focus. */
export function FocusedNotice({
  toast,
  floating,
  readOnce,
}: {
  toast: Toast;
  floating?: boolean;
  readOnce?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  // On the server's page `autofocus` focuses it as the page loads, with JavaScript or without; a
  // notice drawn later in the browser is focused here.
  const hydrated = useHydrated();
  const drawnInBrowser = useRef(hydrated);
  useEffect(() => {
    if (drawnInBrowser.current) box.current?.focus();
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the outcome of the visitor's own post
    <div ref={box} tabIndex={-1} autoFocus className="focus:outline-none">
      <ToastNotice toast={toast} floating={floating} readOnce={readOnce} />
    </div>
  );
}
