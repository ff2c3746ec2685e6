// The privacy policy's list of who receives personal data from the site, as this install is set up.

export type Processors = {
  /** The SMTP server's host name; null when mail is written to a folder on the server. */
  mailServer: string | null;
  /** Each webhook endpoint by its description and the host of its address. */
  leadRecipients: { description: string; host: string }[];
};

export function ProcessorList({ processors }: { processors: Processors }) {
  return (
    <ul className="space-y-2" aria-label="Who receives personal data from the Website">
      <li>
        <strong className="font-semibold text-navy">Email delivery:</strong>{" "}
        {processors.mailServer
          ? `the mail server at ${processors.mailServer}, which carries our emails to you and to our team.`
          : "none: mail is written to a local folder on our own server, and no email provider receives it."}
      </li>
      <li>
        <strong className="font-semibold text-navy">Our other business tools (webhooks):</strong>{" "}
        {processors.leadRecipients.length === 0 ? (
          "none: no other tool receives what you send us automatically."
        ) : (
          <>
            what you send us (a message, an assessment, a booked call, an Insights subscription) is
            passed to{" "}
            {processors.leadRecipients
              .map(({ description, host }) =>
                description && host ? `${description} (${host})` : description || host,
              )
              .join("; ")}
            .
          </>
        )}
      </li>
    </ul>
  );
}
