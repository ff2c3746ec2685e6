// After a form's post is refused, the focus goes to the field that needs fixing, so the visitor
// hears why and types on there. The server's page does the same with `autoFocus` on that field.
import { useEffect } from "react";

/** Focuses the element with `targetId` each time a new `reply` from the server is drawn. */
export function useFocusAfterReply(targetId: string | undefined, reply: unknown) {
  useEffect(() => {
    if (reply && targetId) document.getElementById(targetId)?.focus();
  }, [targetId, reply]);
}
