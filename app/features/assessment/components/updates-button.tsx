// The "Subscribe to Efficiency Updates" next step's one button: the respondent's address is known,
// so it only asks the server to send the opt-in email there, and says so in place. With
// JavaScript a fetcher posts it and the page stays as it is; without, the page the post answers
// shows the same notice.
import { useFetcher } from "react-router";
import { callToActionClassName } from "~/components/ui/button-link";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { FormReply } from "~/lib/form-action.server";

export function UpdatesButton({
  action,
  reply,
}: {
  /** The route whose action subscribes: the results page, or the signed link's page. */
  action: string;
  /** The post's answer when the page itself was the answer (without JavaScript). */
  reply: FormReply | undefined;
}) {
  const fetcher = useFetcher<FormReply>();
  const notice = (fetcher.data ?? reply)?.notice;
  return (
    <div className="space-y-4">
      {notice ? <ToastNotice key={notice.id} toast={notice} takesFocus /> : null}
      {/* Once the link is on its way, a second press could only send another. */}
      {notice?.type === "success" ? null : (
        <fetcher.Form method="post" action={action}>
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className={callToActionClassName(
              "secondary",
              "disabled:cursor-wait disabled:opacity-70",
            )}
          >
            Send me the confirmation email
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}
