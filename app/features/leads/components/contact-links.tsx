// A lead's email address and phone number as links that start a message or a call, on every leads
// screen the same way.
import { TruncatedText } from "~/components/admin/truncated-text";
import { telHref } from "~/lib/site-config";

const linkClass = "text-brand-strong underline";

/** A mailto: link, cut with an ellipsis where a table cell is narrow (whole in its tooltip). */
export function EmailLink({ email, truncate = false }: { email: string; truncate?: boolean }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClass} ${truncate ? "block" : "break-words"}`}>
      {truncate ? <TruncatedText text={email} className="max-w-56" /> : email}
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className={`${linkClass} whitespace-nowrap`}>
      {phone}
    </a>
  );
}
