// /admin leads an admin to the blog administration; anyone else is sent where the guard says.
import { redirect, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/services/admin-session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/blog");
}
