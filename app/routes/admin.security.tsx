// Security: the signed-in admin's two-factor sign-in (turn it on with an authenticator app, make
// new recovery codes, turn it off), their passkeys (add, list, remove), and for owners, whether
// every admin must use two-factor sign-in. Where it is required, an admin without it is sent here
// before anything else.
import type { Route } from "./+types/admin.security";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { FormField, inputClass } from "~/components/ui/form-field";
import { ToastNotice } from "~/components/ui/toast-notice";
import {
  ADD_PASSKEY_INTENT,
  PASSKEY_CREDENTIAL_FIELD,
  Passkeys,
  REMOVE_PASSKEY_INTENT,
  RemovePasskeyConfirmation,
  RecoveryCodes,
  TotpKey,
  WRONG_CODE,
  requireTwoFactorSchema,
  secondFactorSchema,
} from "~/features/accounts";
import {
  type CodeCheck,
  addPasskey,
  confirmTotp,
  isOwner,
  passkeysOf,
  regenerateRecoveryCodes,
  removePasskey,
  requireAdmin,
  setTwoFactorRequired,
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

// This page's buttons say in full what they change, so on a phone their words wrap.
const WRAPPING = "whitespace-normal! text-center";

const ONLY_OWNERS = "Only an owner can require two-factor sign-in for every admin.";
const INTENTS = [
  "turn-on",
  "regenerate",
  "turn-off",
  "require",
  ADD_PASSKEY_INTENT,
  REMOVE_PASSKEY_INTENT,
] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { settingUpSecondFactor: true });
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

/** What the page shows after a post: the code form's result, a notice, new recovery codes. */
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
  const admin = await requireAdmin(request, { settingUpSecondFactor: true });
  const read = await readForm(args);
  if (read.refused) {
    const { notice, status, headers } = read.refused;
    return reply({ notice }, status, headers);
  }
  const { formData } = read;
  const intent: Intent | undefined = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent) return refusal(400, "Please use the buttons on this page.");

  if (intent === ADD_PASSKEY_INTENT) {
    const name = String(formData.get("name") ?? "");
    const credential = String(formData.get(PASSKEY_CREDENTIAL_FIELD) ?? "");
    const added = await addPasskey(admin, credential, name);
    logEvent(added.outcome === "added" ? "info" : "warn", "passkey_added", {
      userId: admin.id,
      outcome: added.outcome,
    });
    if (added.outcome === "refused") return refusal(added.status, added.message);
    return redirectWithToast(
      "/admin/security",
      makeToast("success", "Passkey added", `${added.name} now signs you in.`),
    );
  }

  if (intent === REMOVE_PASSKEY_INTENT) {
    const passkeyId = Number(formData.get("passkeyId"));
    const removed = Number.isSafeInteger(passkeyId) && removePasskey(admin, passkeyId);
    logEvent(removed ? "info" : "warn", "passkey_removed", { userId: admin.id, removed });
    if (!removed) return refusal(404, "That passkey is not one of yours, or is already removed.");
    return redirectWithToast(
      "/admin/security",
      makeToast("success", "Passkey removed", "It no longer signs you in."),
    );
  }

  if (intent === "require") {
    const parsed = requireTwoFactorSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refusal(400, "Please use the buttons on this page.");
    const required = parsed.data.required === "true";
    const outcome = setTwoFactorRequired(admin, required);
    logEvent(outcome === "saved" ? "info" : "warn", "two_factor_requirement", {
      by: admin.id,
      required,
      outcome,
    });
    if (outcome === "not-owner") return refusal(403, ONLY_OWNERS);
    return redirectWithToast(
      "/admin/security",
      required
        ? makeToast("success", "Two-factor sign-in required", "Every admin now needs it.")
        : makeToast("success", "Two-factor sign-in optional", "Admins choose for themselves."),
    );
  }

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
  const notice = actionData?.notice;
  const recoveryCodes = actionData?.recoveryCodes;
  return (
    <AdminPage title="Security" subtitle="Two-factor sign-in and passkeys for your account">
      {notice ? (
        <div className="mt-6" key={notice.id}>
          <ToastNotice toast={notice} />
        </div>
      ) : null}
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
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
      <section
        aria-labelledby="every-admin-heading"
        className="mt-6 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
      >
        <h2 id="every-admin-heading" className="text-xl font-semibold text-navy">
          Every admin
        </h2>
        <p className="mt-2 text-ink-soft">
          {status.required
            ? "Two-factor sign-in is required for every admin."
            : "Two-factor sign-in is optional: each admin chooses."}
        </p>
        {canRequire ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="required" value={String(!status.required)} />
            <Button
              type="submit"
              name="intent"
              value="require"
              variant="secondary"
              className={WRAPPING}
            >
              {status.required
                ? "Stop requiring two-factor sign-in"
                : "Require two-factor for every admin"}
            </Button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-ink-soft">{ONLY_OWNERS}</p>
        )}
      </section>
    </AdminPage>
  );
}

type CodeButton = {
  intent: "turn-on" | "regenerate" | "turn-off";
  label: string;
  variant: "primary" | "secondary" | "danger";
};

function CodeForm({
  intro,
  lastResult,
  buttons,
}: {
  intro?: string;
  lastResult: FormReply["result"] | undefined;
  buttons: CodeButton[];
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: { code: { required: true } },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-6 max-w-md space-y-4">
      {intro ? <p className="text-ink-soft">{intro}</p> : null}
      <FormField label="Code" required field={fields.code}>
        <input
          {...getInputProps(fields.code, { type: "text" })}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className={inputClass}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        {buttons.map((button) => (
          <Button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            variant={button.variant}
            className={WRAPPING}
            disabled={navigation.state === "submitting"}
          >
            {button.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}
