// 'Sign Out' in the admin's header: a real form post, so it works without JavaScript; named, so
// it is told apart from the forms of the page it sits on.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export function SignOutButton() {
  return (
    <Form method="post" action="/admin/sign-out" aria-label="Sign out">
      <Button type="submit" variant="secondary" size="small">
        Sign Out
      </Button>
    </Form>
  );
}
