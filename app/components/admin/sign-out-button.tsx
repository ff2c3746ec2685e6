// 'Sign Out' in the admin's header: a real form post, so it works without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export function SignOutButton() {
  return (
    <Form method="post" action="/admin/sign-out">
      <Button type="submit" variant="secondary" size="small">
        Sign Out
      </Button>
    </Form>
  );
}
