// While a client-side navigation waits for a page that names its loading state, say so.
import { useNavigation } from "react-router";

const loadingMessages: [path: RegExp, message: string][] = [
  [/^\/insights\/?$/, "Loading insights..."],
  [/^\/insights\/[^/]+\/?$/, "Loading article..."],
  [/^\/admin\/auth\/?$/, "Loading..."],
  [/^\/admin\/blog\/?$/, "Loading blog posts..."],
];

export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const message = loadingMessages.find(([path]) => path.test(navigation.location.pathname))?.[1];
  if (!message) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-20 z-50 mx-auto flex w-fit items-center gap-3 rounded-full border border-line bg-white px-5 py-3 text-sm font-semibold text-navy shadow-lg"
    >
      <span
        aria-hidden="true"
        className="loading-spinner size-5 rounded-full border-2 border-line border-t-brand"
      />
      {message}
    </div>
  );
}
