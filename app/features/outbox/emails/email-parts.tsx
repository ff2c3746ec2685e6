// The pieces the site's emails are made of. Those whose plain-text form differs from what
// html-to-text makes of their HTML carry a data-text-format mark that renderEmail gives a rule:
// a details row reads "Label: value", a label keeps what it introduces on the next line, and
// typed text keeps its spacing. A button is left out of the plain text altogether.
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { emailColours } from "./email-layout";

const paragraph: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: 1.5 };

const label: CSSProperties = {
  margin: "20px 0 8px",
  fontSize: "16px",
  lineHeight: 1.5,
  fontWeight: "bold",
  color: emailColours.muted,
};

const link: CSSProperties = { color: emailColours.brand, textDecorationLine: "underline" };

const button: CSSProperties = {
  padding: "10px 18px",
  backgroundColor: emailColours.brand,
  color: emailColours.onBrand,
  borderRadius: "6px",
  textDecoration: "none",
  fontWeight: "bold",
};

const labelCell: CSSProperties = {
  padding: "4px 12px 4px 0",
  textAlign: "left",
  verticalAlign: "top",
  color: emailColours.muted,
};

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** A bold line that introduces what follows it: a list, a table or a paragraph. */
export function SectionLabel({ children }: { children: ReactNode }) {
  return (
    <Text style={label} data-text-format="label">
      {children}
    </Text>
  );
}

/** Text as the visitor typed it: its line breaks and spacing kept in both parts. */
export function TypedText({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text style={paragraph} data-text-format="verbatim">
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

export type DetailsRow = [label: string, value: ReactNode];

export function DetailsTable({ rows }: { rows: DetailsRow[] }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "0 0 16px" }}
      data-text-format="details"
    >
      <tbody>
        {rows.map(([rowLabel, value], index) => (
          <tr key={index} data-text-format="details-row">
            <th style={labelCell} data-text-format="details-label">
              {rowLabel}
            </th>
            <td style={{ padding: "4px 0" }} data-text-format="details-value">
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MailtoLink({ email }: { email: string }) {
  return (
    <Link href={`mailto:${email}`} style={link}>
      {email}
    </Link>
  );
}

/** The footer of an email a visitor may answer: the firm's name, and that replies reach a person. */
export function RepliesWelcomeFooter({ brand, email }: { brand: string; email: string }) {
  return (
    <>
      {brand}
      <br />
      Questions? Reply to this email or write to <MailtoLink email={email} />.
    </>
  );
}

/** A link that shows its own address, for the plain-text part and for copying from the HTML. */
export function AddressLink({ href }: { href: string }) {
  return (
    <Link href={href} style={link}>
      {href}
    </Link>
  );
}

/** A button for the eye; the plain-text part leaves it out, so give its address in a sentence. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "0 0 16px" }} data-skip-in-text="true">
      <Button href={href} style={button}>
        {children}
      </Button>
    </Section>
  );
}
