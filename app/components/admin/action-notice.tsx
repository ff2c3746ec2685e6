// The notice an admin action answered instead of redirecting (a refusal, or what a code changed),
// where the page shows its notices. It reads the action of the route it is drawn in, so an action
// route nested in a page draws it through the page's <Outlet />.
import { useActionData } from "react-router";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { Toast } from "~/lib/toast";

export function ActionNotice() {
  const notice = useActionData<{ notice?: Toast | null }>()?.notice;
  return notice ? (
    <div className="mt-6" key={notice.id}>
      <ToastNotice toast={notice} />
    </div>
  ) : null;
}
