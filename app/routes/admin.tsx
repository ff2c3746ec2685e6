// The frame of every admin screen: who is signed in, the admin's sections and its notices. Each
// screen below checks the session for itself; this only reads it to draw the header, and its
// middleware has both share one read of it.
import type { Route } from "./+types/admin";
import {
  data,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AdminLayout } from "~/components/admin/admin-layout";
import { AdminPage } from "~/components/admin/admin-page";
import { ToastNotice } from "~/components/ui/toast-notice";
import {
  currentUser,
  hasAdminRights,
  isOwner,
  readSessionOncePerRequest,
} from "~/features/accounts/index.server";
import type { RouteHandle } from "~/lib/admin-route";
import { useErrorPage } from "~/lib/error-page";
import { noStore } from "~/lib/headers";
import type { Toast } from "~/lib/toast";

export const handle: RouteHandle = { ownLayout: true };

export const middleware = [readSessionOncePerRequest];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser({ request, context });
  const account = user
    ? { email: user.email, admin: hasAdminRights(user), owner: isOwner(user) }
    : null;
  return data({ account }, { headers: noStore });
}

/** The notice a redirect left for this page, which the root route reads from the session. */
function usePageNotice() {
  const toast = useRouteLoaderData<{ toast: Toast | null }>("root")?.toast;
  return toast ? (
    <ToastNotice key={toast.id} toast={toast} readOnce>
      {toast.link ? (
        <p className="mt-2 text-sm">
          <Link to={toast.link.href} className="font-semibold underline underline-offset-2">
            {toast.link.label}
          </Link>
        </p>
      ) : null}
    </ToastNotice>
  ) : null;
}

export default function AdminFrame({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout account={loaderData.account} notice={usePageNotice()}>
      <Outlet />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A refused request (401, 403) draws nobody's account: the answer tells the refused nothing.
  const refused = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  const signedIn = useRouteLoaderData<typeof loader>("routes/admin")?.account ?? null;
  const account = refused ? null : signedIn;
  const { pathname } = useLocation();
  const screen = useMatches()
    .map((match) => (match.handle as RouteHandle)?.unavailable)
    .findLast(Boolean);
  const { status, title, description } = useErrorPage();
  if (screen && !refused) {
    // The screen's own words, in its place, with the frame around it: staff can go elsewhere.
    return (
      <AdminLayout account={account}>
        <AdminPage title={screen.title}>
          <div className="mt-6">
            <ToastNotice
              // A fixed id: this notice is drawn on the server and again in the browser.
              toast={{
                id: "screen-unavailable",
                type: "error",
                title: "Error",
                description: screen.notice,
              }}
            />
            <Link
              reloadDocument
              to={pathname}
              className="mt-3 inline-block font-semibold underline"
            >
              Try again
            </Link>
          </div>
        </AdminPage>
      </AdminLayout>
    );
  }
  return (
    <AdminLayout account={account}>
      <div className="mx-auto max-w-xl px-5 py-16 text-center sm:px-8">
        <p className="text-sm font-semibold tracking-widest text-brand-strong uppercase">
          Error {status}
        </p>
        <h1 className="mt-2 text-3xl font-semibold text-navy">{title}</h1>
        <p className="mt-4 text-lg text-ink-soft">{description}</p>
        <Link
          to="/admin/blog"
          reloadDocument
          className="mt-8 inline-block font-semibold text-brand-strong underline"
        >
          Back to Blog Administration
        </Link>
      </div>
    </AdminLayout>
  );
}
