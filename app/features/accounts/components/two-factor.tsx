// What the Security page shows of two-factor sign-in: the new key, as a QR code and as text, the
// form that takes a code to change it, the recovery codes, once (to copy, or to download as a text
// file, which needs no script), and the owner's switch that requires it of every admin.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button, buttonClassName } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { useSiteConfig } from "~/lib/site-config";
import { FormField, inputClass } from "~/components/ui/form-field";
import { ONLY_OWNERS_REQUIRE, secondFactorSchema } from "../two-factor-code";

// These buttons say in full what they change, so on a phone their words wrap.
const WRAPPING = "whitespace-normal! text-center";

/** The key in groups of four, as authenticator apps ask for it when it is typed. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

export function TotpKey({ keyText, qrCodeSvg }: { keyText: string; qrCodeSvg: string }) {
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div
        role="img"
        aria-label="QR code of the key, for your authenticator app"
        className="size-48 shrink-0 bg-white [&>svg]:size-full"
        // The SVG is drawn on the server by the qrcode library from the key's otpauth address.
        dangerouslySetInnerHTML={{ __html: qrCodeSvg }}
      />
      <div className="min-w-0">
        <p className="text-ink-soft">Can&apos;t scan it? Type this key into the app instead:</p>
        <p className="mt-2 font-mono text-lg font-semibold break-words text-navy">
          <code>{grouped(keyText)}</code>
        </p>
      </div>
    </div>
  );
}

/** The codes as the text file holds them, with a line saying what they are for. */
function recoveryCodesText(codes: string[], brand: string) {
  return `${brand} admin: recovery codes. Each one signs you in once, without your authenticator app.\n\n${codes.join("\n")}\n`;
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = recoveryCodesText(codes, useSiteConfig().brand);
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
    >
      <h2 id="recovery-codes-heading" className="text-xl font-semibold text-navy">
        Your recovery codes
      </h2>
      <p className="mt-2 text-ink-soft">
        Store these codes somewhere safe, such as your password manager. Each one signs you in once
        without your phone. They are shown only now.
      </p>
      <ol className="mt-4 grid gap-2 font-mono text-navy sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {/* The file is made here, in the page: the server keeps only the codes' hashes. A data:
            address is a download, which the Content-Security-Policy does not govern. */}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className={buttonClassName()}
        >
          Download as a text file
        </a>
        <CopyButton
          text={text}
          label="Copy the codes"
          failure="Your browser did not allow copying: select the codes and copy them instead."
        />
      </div>
    </section>
  );
}

/** What a code changes, named by the button that posts it to the Security page's action. */
export type CodeIntent = "turn-on" | "regenerate" | "turn-off";

type CodeButton = {
  intent: CodeIntent;
  label: string;
  variant: "primary" | "secondary" | "danger";
};

/** One code field and the buttons that use it; the action's field errors show at the field. */
export function CodeForm({
  intro,
  lastResult,
  buttons,
}: {
  intro?: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
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
    <Form
      method="post"
      action="/admin/security"
      {...getFormProps(form)}
      noValidate
      className="mt-6 max-w-md space-y-4"
    >
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

/** Whether every admin must use two-factor sign-in; only an owner gets the switch. */
export function TwoFactorRequirement({
  required,
  canRequire,
}: {
  required: boolean;
  canRequire: boolean;
}) {
  return (
    <section
      aria-labelledby="every-admin-heading"
      className="mt-6 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
    >
      <h2 id="every-admin-heading" className="text-xl font-semibold text-navy">
        Every admin
      </h2>
      <p className="mt-2 text-ink-soft">
        {required
          ? "Two-factor sign-in is required for every admin."
          : "Two-factor sign-in is optional: each admin chooses."}
      </p>
      {canRequire ? (
        <Form method="post" action="/admin/security/require-two-factor" className="mt-4">
          <input type="hidden" name="required" value={String(!required)} />
          <Button type="submit" variant="secondary" className={WRAPPING}>
            {required ? "Stop requiring two-factor sign-in" : "Require two-factor for every admin"}
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-ink-soft">{ONLY_OWNERS_REQUIRE}</p>
      )}
    </section>
  );
}
