// What the Security page shows of two-factor sign-in: the new key, as a QR code and as text, and
// the recovery codes, once.

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

export function RecoveryCodes({ codes }: { codes: string[] }) {
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
    </section>
  );
}
