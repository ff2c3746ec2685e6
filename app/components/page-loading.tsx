// While the next page is on its way, say so if that page names its loading state.
import { useNavigation } from "react-router";
import { loadingMessageFor } from "~/content/loading-messages";

/** In the admin, which runs in the browser: shown during the router's navigations. */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const message = loadingMessageFor(navigation.location.pathname);
  return message ? <LoadingNotice message={message} /> : null;
}

/**
 * On public pages, which load as documents: drawn hidden, and shown by the page's script
 * (browser/page-loading.ts) when a link to such a page is followed.
 */
export function DocumentLoading() {
  return <LoadingNotice hidden />;
}

function LoadingNotice({ message, hidden = false }: { message?: string; hidden?: boolean }) {
  return (
    <div
      role="status"
      hidden={hidden}
      data-page-loading=""
      className="fixed inset-x-0 top-20 z-50 mx-auto flex w-fit items-center gap-3 rounded-full border border-line bg-white px-5 py-3 text-sm font-semibold text-navy shadow-lg"
    >
      <span
        aria-hidden="true"
        className="loading-spinner size-5 rounded-full border-2 border-line border-t-brand"
      />
      <span data-page-loading-message="">{message}</span>
    </div>
  );
}
