// A booking address that names no time or no call: a link that was mistyped, cut or made up.
import { Link } from "react-router";
import { PageHero } from "~/components/ui/section";

export function BookingNotFound() {
  return (
    <PageHero eyebrow="404" title="We could not find this page" fillsWindow>
      <p>
        This booking address is not one we made: it may have been cut short in an email.{" "}
        <Link to="/book" className="font-medium text-white underline underline-offset-4">
          See the open times
        </Link>{" "}
        or use the link in your invitation.
      </p>
    </PageHero>
  );
}
