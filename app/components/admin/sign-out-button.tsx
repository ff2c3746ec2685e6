// 'Sign Out' on every admin page: a real form post, so it works without JavaScript.
import { Form } from "react-router";

export function SignOutButton() {
  return (
    <Form method="post" action="/admin/sign-out">
      <button
        type="submit"
        className="rounded-md border border-line bg-white px-4 py-2 font-semibold text-navy hover:border-brand hover:text-brand-strong"
      >
        Sign Out
      </button>
    </Form>
  );
}
