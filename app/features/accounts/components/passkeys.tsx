// Passkeys in the browser: the Security page's list and its Add button, and the sign-in page's
// button. A passkey is made and used by the browser's WebAuthn API, so both buttons need
// JavaScript; without it the pages say so, and the list and removing (its confirmation step)
// still work. A site addressed by an IP address can hold no passkey, so there neither page offers
// one and both say why. @simplewebauthn/browser is loaded on the first click, so no page carries
// it before.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useId, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { ToastNotice } from "~/components/ui/toast-notice";
import { formatLongDate } from "~/lib/dates";
import { useSiteConfig, useTimeZone } from "~/lib/site-config";
import { makeToast, type Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  PASSKEY_CREDENTIAL_FIELD,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_SIGN_IN_INTENT,
  PASSKEYS_NEED_A_DOMAIN,
  passkeysNeedADomain,
  type ListedPasskey,
} from "../passkey-fields";

class PasskeyProblem extends Error {}

const COULD_NOT_START = "The site could not start this. Please try again.";

/** The challenge from one of the options routes, or the reason it gave for refusing one. */
async function fetchOptions<Options>(url: string): Promise<Options> {
  const answer = await fetch(url, { method: "POST", headers: { Accept: "application/json" } });
  const body = (await answer.json().catch(() => null)) as {
    options?: Options;
    error?: string;
  } | null;
  if (!answer.ok || !body?.options) {
    throw new PasskeyProblem(body?.error ?? COULD_NOT_START);
  }
  return body.options;
}

/**
 * Runs one passkey ceremony on a click: the options, the browser's own prompt, then the answer
 * posted as a form to `action` (the page's own when none is named), so its reply shows as any
 * form's would. Answers the problem to show when the browser (`cancelled`) or the site stopped it
 * first.
 */
function usePasskeyCeremony<Options>(
  optionsUrl: string,
  action: string | undefined,
  prompt: (
    browser: typeof import("@simplewebauthn/browser"),
    optionsJSON: Options,
  ) => Promise<unknown>,
  cancelled: string,
) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [problem, setProblem] = useState<Toast | null>(null);
  const [running, setRunning] = useState(false);
  async function run(fields: Record<string, string>) {
    setProblem(null);
    setRunning(true);
    try {
      const [browser, optionsJSON] = await Promise.all([
        import("@simplewebauthn/browser"),
        fetchOptions<Options>(optionsUrl),
      ]);
      const credential = await prompt(browser, optionsJSON).catch(() => {
        throw new PasskeyProblem(cancelled);
      });
      await submit(
        { [PASSKEY_CREDENTIAL_FIELD]: JSON.stringify(credential), ...fields },
        { method: "post", action },
      );
    } catch (error) {
      const description = error instanceof PasskeyProblem ? error.message : COULD_NOT_START;
      setProblem(makeToast("error", "No passkey", description));
    } finally {
      setRunning(false);
    }
  }
  return { run, problem, busy: running || navigation.state !== "idle" };
}

/** Removing a passkey asks first: in a dialog, or on the Security page's ?remove=id step. */
const removeConfirmation = (passkey: { id: number; name: string }): Confirmation => ({
  key: `remove-passkey-${passkey.id}`,
  question: "Remove this passkey?",
  subject: `${passkey.name} will no longer sign you in.`,
  action: "/admin/security/passkeys/remove",
  fields: { passkeyId: String(passkey.id) },
  confirmLabel: "Remove passkey",
});

/** The confirmation step without JavaScript. */
export function RemovePasskeyConfirmation({ passkey }: { passkey: { id: number; name: string } }) {
  return <ConfirmationStep confirmation={removeConfirmation(passkey)} keepTo="/admin/security" />;
}

/** The account's passkeys, each with its Remove button, and the Add form. */
export function Passkeys({ passkeys }: { passkeys: ListedPasskey[] }) {
  const timeZone = useTimeZone();
  const { origin } = useSiteConfig();
  return (
    <section
      aria-labelledby="passkeys-heading"
      className="mt-6 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
    >
      <h2 id="passkeys-heading" className="text-xl font-semibold text-navy">
        Passkeys
      </h2>
      <p className="mt-2 text-ink-soft">
        A passkey signs you in with your fingerprint, face or device PIN instead of your password
        and code.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-ink-soft">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-line">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-navy">{passkey.name}</p>
                <p className="text-sm text-ink-soft">
                  Added {formatLongDate(passkey.createdAt, timeZone)} ·{" "}
                  {passkey.lastUsedAt
                    ? `Last used ${formatLongDate(passkey.lastUsedAt, timeZone)}`
                    : "Never used"}
                </p>
              </div>
              <AskFirstButton
                confirmation={removeConfirmation(passkey)}
                label="Remove"
                accessibleLabel={`Remove ${passkey.name}`}
                askHref={`?remove=${passkey.id}`}
              />
            </li>
          ))}
        </ul>
      )}
      {passkeysNeedADomain(origin) ? (
        <p className="mt-6 font-semibold text-navy">
          {PASSKEYS_NEED_A_DOMAIN} This site&apos;s address is {origin}, so no passkey can be added
          or used here.
        </p>
      ) : (
        <AddPasskey />
      )}
    </section>
  );
}

function AddPasskey() {
  const hydrated = useHydrated();
  const nameId = useId();
  const [name, setName] = useState("");
  const { run, problem, busy } = usePasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>(
    "/admin/passkey-registration",
    "/admin/security/passkeys/add",
    (browser, optionsJSON) => browser.startRegistration({ optionsJSON }),
    "No passkey was added: the browser or the device stopped it. Please try again.",
  );
  if (!hydrated) {
    return (
      <p className="mt-6 font-semibold text-navy">
        Adding a passkey needs JavaScript: please turn it on to add one.
      </p>
    );
  }
  return (
    <form
      className="mt-6 max-w-md space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void run({ name });
      }}
    >
      {problem ? <ToastNotice key={problem.id} toast={problem} /> : null}
      <div>
        <label htmlFor={nameId} className="block font-semibold text-navy">
          Name (optional)
        </label>
        <input
          id={nameId}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          placeholder="Work laptop"
          className={`mt-1 ${inputClass}`}
        />
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        Add a passkey
      </Button>
    </form>
  );
}

/**
 * The sign-in page's other way in; without JavaScript, or on a site addressed by an IP address, a
 * line saying what it needs.
 */
export function PasskeySignIn() {
  const { origin } = useSiteConfig();
  if (passkeysNeedADomain(origin)) {
    return <p className="mt-6 text-center text-sm text-ink-soft">{PASSKEYS_NEED_A_DOMAIN}</p>;
  }
  return <PasskeySignInButton />;
}

function PasskeySignInButton() {
  const hydrated = useHydrated();
  const { run, problem, busy } = usePasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>(
    "/admin/passkey-sign-in",
    undefined,
    (browser, optionsJSON) => browser.startAuthentication({ optionsJSON }),
    "No passkey was used: the browser or the device stopped it. Please try again.",
  );
  if (!hydrated) {
    return (
      <p className="mt-6 text-center text-sm text-ink-soft">
        Signing in with a passkey needs JavaScript.
      </p>
    );
  }
  return (
    <div className="mt-6 space-y-4">
      {problem ? <ToastNotice key={problem.id} toast={problem} /> : null}
      <Button
        type="button"
        size="large"
        className="w-full"
        disabled={busy}
        onClick={() => void run({ intent: PASSKEY_SIGN_IN_INTENT })}
      >
        Sign in with a passkey
      </Button>
    </div>
  );
}
