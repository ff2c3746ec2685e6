// The link in an invitation email: the colleague chooses a password, once, within the link's week,
// and is signed in to an approved account (decision 052). A link that cannot be accepted says why.
import type { Route } from "./+types/admin.invitation";
import { data, useActionData, useLoaderData } from "react-router";
import { SignInCard } from "~/components/admin/sign-in-card";
import {
  NewPasswordForm,
  // The same fields as the password link's: the token and a new password, by the same rules.
  passwordResetSchema as invitationAcceptanceSchema,
} from "~/features/accounts";
import {
  acceptInvitation,
  invitationState,
  landingPageOf,
  openSignedInSession,
} from "~/features/accounts/index.server";
import { adminMeta } from "~/lib/admin-route";
import { parseForm, type FormReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { clientIpOf } from "~/lib/request-context";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const LINK_CLOSED = {
  used: {
    title: "This invitation was already accepted",
    text: "Its link works once. Sign in with the password you chose.",
    link: { to: "/admin/auth", label: "Sign in" },
  },
  expired: {
    title: "This invitation has expired",
    text: "Its link worked for a week. Ask the person who invited you to send it again.",
    link: { to: "/admin/auth", label: "Go to Admin Access" },
  },
  unknown: {
    title: "This invitation does not work",
    text: "It was revoked or sent again with a newer link, or the link was not copied whole. Ask the person who invited you to send it again.",
    link: { to: "/admin/auth", label: "Go to Admin Access" },
  },
  taken: {
    title: "This address already has an account",
    text: "An account with this address was confirmed meanwhile, so the invitation was withdrawn. Sign in with its password, or ask for a new one.",
    link: { to: "/admin/auth", label: "Sign in" },
  },
} as const;

type Closed = keyof typeof LINK_CLOSED;

// As for the password link (decision 038): the token in this page's address is told to no other
// site, and `same-origin` rather than `no-referrer` keeps the form's Origin for the same-origin check.
const pageHeaders = { ...noStore, "Referrer-Policy": "same-origin" };

export const headers = () => pageHeaders;
export const meta = adminMeta("Accept your invitation", "Joining the firm's admin.");

/** A link that cannot be accepted: 404 when it is not (or no longer) ours, 409 when the address is taken, else 410. */
const statusOf = (state: Closed) => ({ unknown: 404, taken: 409, used: 410, expired: 410 })[state];

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const link = invitationState(token);
  if (link.state !== "open") {
    logEvent("info", "admin_invitation_link", { outcome: link.state });
    return data(
      { token: null, email: null, closed: link.state as Closed },
      { status: statusOf(link.state), headers: pageHeaders },
    );
  }
  return data({ token, email: link.email, closed: null }, { headers: pageHeaders });
}

export async function action(args: Route.ActionArgs) {
  const parsed = await parseForm(args, {
    schema: invitationAcceptanceSchema,
    hideFields: ["password"],
    headers: pageHeaders,
  });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const accepted = await acceptInvitation(submission.value.token, submission.value.password);
  logEvent("info", "admin_invitation_accepted", { outcome: accepted.outcome });
  switch (accepted.outcome) {
    case "refused":
      return data<FormReply & { closed: null }>(
        {
          result: submission.reply({
            fieldErrors: { password: [accepted.problem] },
            hideFields: ["password"],
          }),
          notice: null,
          closed: null,
        },
        { status: 400, headers: pageHeaders },
      );
    case "accepted": {
      const { user } = accepted;
      const cookie = await openSignedInSession(
        args.request,
        user,
        "invitation",
        clientIpOf(args.context),
      );
      logEvent("info", "admin_signed_in", { userId: user.id, with: "invitation" });
      return redirectWithToast(
        landingPageOf(user),
        makeToast(
          "success",
          "Welcome!",
          `Your account is ready, and you're signed in as ${user.email}.`,
        ),
        { headers: { "Set-Cookie": cookie } },
      );
    }
    default:
      return data<FormReply & { closed: Closed }>(
        { result: null, notice: null, closed: accepted.outcome },
        { status: statusOf(accepted.outcome), headers: pageHeaders },
      );
  }
}

export default function AcceptInvitation() {
  const { token, email, closed: closedLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // What the post found (the address taken meanwhile) tells more than the page as first loaded.
  // The field refusals of parseForm carry no `closed`; the action's own answers always do.
  const closedByPost =
    actionData && "closed" in actionData ? (actionData.closed as Closed | null) : null;
  const closed = closedByPost ?? closedLink;
  if (closed || !token) {
    const words = LINK_CLOSED[closed ?? "unknown"];
    return (
      <SignInCard
        title={words.title}
        intro={words.text}
        notice={actionData?.notice}
        link={words.link}
      />
    );
  }
  return (
    <SignInCard
      title="Accept your invitation"
      intro={`Choose the password for ${email}.`}
      notice={actionData?.notice}
      link={{ to: "/admin/auth", label: "Already have an account? Sign in" }}
    >
      <NewPasswordForm
        token={token}
        lastResult={actionData?.result}
        submitLabel="Set Password and Sign In"
      />
    </SignInCard>
  );
}
