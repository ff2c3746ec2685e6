// /admin leads an admin to the blog administration; anyone else is sent where the guard says.
import type { Route } from "./+types/admin._index";
import { redirect } from "react-router";
import { requireAdmin } from "~/features/accounts/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return redirect("/admin/blog");
}
