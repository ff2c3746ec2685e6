// Security: the signed-in admin's two-factor sign-in (turn it on with an authenticator app, make
// new recovery codes, turn it off), their passkeys (add, list, remove), and for owners, whether
// every admin must use two-factor sign-in. Where it is required, an admin without it is sent here
// before anything else. The code's three changes are this page's action, as they share one field
// whose errors show at it and answer recovery codes that are shown once, never carried in a
// cookie; adding or removing a passkey and the owner's switch post to their own action routes
// (admin.security.*), whose refusals show through the <Outlet /> where this page's notices show.
import type { Route } from "./+types/admin.security";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Outlet, useActionData, useLoaderData } from "react-router";
import { ActionNotice } from "~/components/admin/action-notice";
import { AdminPage } from "~/components/admin/admin-page";
import {
  CodeForm,
  type CodeIntent,
  Passkeys,
  RemovePasskeyConfirmation,
  RecoveryCodes,
  TotpKey,
  TwoFactorRequirement,
  WRONG_CODE,
  secondFactorSchema,
} from "~/features/accounts";
import {
  type CodeCheck,
  confirmTotp,
  isOwner,
  passkeysOf,
  regenerateRecoveryCodes,
  requireAdmin,
  totpSetup,
  turnOffTotp,
  twoFactorStatus,
} from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readForm, tooManyAttemptsNotice, type FormReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Security", "Two-factor sign-in and passkeys for your account.");

const INTENTS: readonly CodeIntent[] = ["turn-on", "regenerate", "turn-off"];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context }, { settingUpSecondFactor: true });
  const status = twoFactorStatus(admin);
  const passkeys = passkeysOf(admin);
  // Without JavaScript, Remove opens this page with ?remove=id to ask first.
  const removeId = Number(url.searchParams.get("remove"));
  const removing = passkeys.find((passkey) => passkey.id === removeId) ?? null;
  return data(
    {
      status,
      setup: status.on ? null : await totpSetup(request, admin),
      canRequire: isOwner(admin),
      passkeys,
      removing,
    },
    { headers: noStore },
  );
}

/** What the page shows after a code: the code form's result, a notice, new recovery codes. */
type SecurityReply = FormReply & { recoveryCodes: string[] | null };

const reply = (answer: Partial<SecurityReply>, status = 200, headers: HeadersInit = {}) =>
  data<SecurityReply>(
    { result: null, notice: null, recoveryCodes: null, ...answer },
    { status, headers: { ...noStore, ...headers } },
  );

const refusal = (status: number, description: string) =>
  reply({ notice: makeToast("error", "Error", description) }, status);

/** A refused code: wrong, or too many wrong ones lately. */
function codeRefusal(checked: Exclude<CodeCheck<unknown>, { outcome: "accepted" }>) {
  if (checked.outcome === "too-many") {
    const { title, description } = tooManyAttemptsNotice;
    return reply({ notice: makeToast("error", title, description) }, 429, {
      "Retry-After": String(checked.retryAfterSeconds),
    });
  }
  return reply({ notice: makeToast("error", "Wrong code", WRONG_CODE) }, 400);
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const admin = await requireAdmin(args, { settingUpSecondFactor: true });
  const read = await readForm(args);
  if (read.refused) {
    const { notice, status, headers } = read.refused;
    return reply({ notice }, status, headers);
  }
  const { formData } = read;
  const intent = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent) return refusal(400, "Please use the buttons on this page.");

  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success") {
    return reply({ result: submission.reply({ hideFields: ["code"] }) }, 400);
  }
  const { code } = submission.value;
  const on = admin.totpSecret !== null;
  if (on === (intent === "turn-on")) {
    return refusal(409, `Two-factor sign-in is already ${on ? "on" : "off"}. Please reload.`);
  }
  const clientIp = clientIpOf(context);
  logEvent("info", "two_factor_change", { userId: admin.id, intent });
  switch (intent) {
    case "turn-on": {
      const checked = await confirmTotp(request, admin, code, clientIp);
      if (checked.outcome !== "accepted") return codeRefusal(checked);
      return reply({
        notice: makeToast("success", "Two-factor sign-in is on", "Store your recovery codes now."),
        recoveryCodes: checked.value,
      });
    }
    case "regenerate": {
      const checked = await regenerateRecoveryCodes(admin, code, clientIp);
      if (checked.outcome !== "accepted") return codeRefusal(checked);
      return reply({
        notice: makeToast("success", "New recovery codes", "The old ones no longer work."),
        recoveryCodes: checked.value,
      });
    }
    case "turn-off": {
      const checked = await turnOffTotp(admin, code, clientIp);
      if (checked.outcome !== "accepted") return codeRefusal(checked);
      return redirectWithToast(
        "/admin/security",
        makeToast("success", "Two-factor sign-in is off", "Your password alone signs you in."),
      );
    }
  }
}

export default function Security() {
  const { status, setup, canRequire, passkeys, removing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const recoveryCodes = actionData?.recoveryCodes;
  return (
    <AdminPage title="Security" subtitle="Two-factor sign-in and passkeys for your account">
      <ActionNotice />
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      <Outlet />
      {removing ? <RemovePasskeyConfirmation passkey={removing} /> : null}
      <section
        aria-labelledby="two-factor-heading"
        className="mt-6 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
      >
        <h2 id="two-factor-heading" className="text-xl font-semibold text-navy">
          Two-factor sign-in is {status.on ? "on" : "off"}
        </h2>
        {status.on ? (
          <>
            <p className="mt-2 text-ink-soft">
              After your password, signing in asks for the code from your authenticator app.{" "}
              {status.recoveryCodesLeft} of 10 recovery codes are unused.
            </p>
            <CodeForm
              intro="Enter a current code from your app, or a recovery code, to make new recovery codes or to turn two-factor sign-in off."
              lastResult={actionData?.result}
              buttons={[
                { intent: "regenerate", label: "Make new recovery codes", variant: "secondary" },
                { intent: "turn-off", label: "Turn off two-factor sign-in", variant: "danger" },
              ]}
            />
          </>
        ) : (
          <>
            {status.required ? (
              <p className="mt-2 font-semibold text-navy">
                Every admin must use two-factor sign-in. Please turn it on to continue.
              </p>
            ) : null}
            <p className="mt-2 text-ink-soft">
              Add this site to an authenticator app (1Password, Google Authenticator, Microsoft
              Authenticator or any other) by scanning the QR code, then enter the 6-digit code it
              shows.
            </p>
            {setup ? (
              <div className="mt-6">
                <TotpKey keyText={setup.key} qrCodeSvg={setup.qrCodeSvg} />
              </div>
            ) : null}
            <CodeForm
              lastResult={actionData?.result}
              buttons={[
                { intent: "turn-on", label: "Turn on two-factor sign-in", variant: "primary" },
              ]}
            />
          </>
        )}
      </section>
      <Passkeys passkeys={passkeys} />
      <TwoFactorRequirement required={status.required} canRequire={canRequire} />
    </AdminPage>
  );
}
