// /admin leads to the blog administration (which sends visitors who are not signed in to sign in).
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/admin/blog");
}
