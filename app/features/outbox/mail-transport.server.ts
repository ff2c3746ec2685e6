// Hands outbox messages to the SMTP server in SMTP_URL, or, without one, writes them as .eml files.
import fs from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";
import { connectionFailure } from "~/lib/outbound-http.server";
import { DeliveryError, type MailTransport } from "./outbox.server";

type OutgoingMessage = Parameters<MailTransport["send"]>[0];

/** The name the calendar's file has in the message, by its METHOD. */
export const calendarFileName = { REQUEST: "invite.ics", CANCEL: "cancel.ics" } as const;

/**
 * The message as nodemailer takes it. Its `icalEvent` writes the calendar twice, as mail programs
 * look for it: a `text/calendar; method=…` alternative beside the text and HTML (what Gmail,
 * Outlook and Apple Mail read to offer Accept or to remove the event), and the same object as an
 * `.ics` attachment, for a program that reads only attachments.
 */
function nodemailerMessage({ calendar, ...message }: OutgoingMessage): SendMailOptions {
  if (!calendar) return message;
  return {
    ...message,
    icalEvent: {
      method: calendar.method,
      filename: calendarFileName[calendar.method],
      content: calendar.content,
    },
  };
}

// nodemailer (some 6 MB once loaded) loads with the first message sent, not at start: most of a
// server's life has nothing to send.
async function loadNodemailer() {
  return (await import("nodemailer")).default;
}

/**
 * SMTP over SMTP_URL: a small pool of reused connections, so a burst of leads goes out in
 * seconds, with timeouts so that a hung server cannot stall the outbox.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connections = () =>
    (transporter ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 3,
        maxMessages: 100,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return {
    send: async (message) => {
      const pool = await connections();
      try {
        await pool.sendMail(nodemailerMessage(message));
      } catch (error) {
        throw refusalOf(error);
      }
    },
    close: () => void transporter?.then((pool) => pool.close()),
  };
}

/**
 * A 5yz reply is the server's final word on this message (RFC 5321 4.2.1): the row fails with the
 * server's own words. Any other failure (4yz, a dropped connection) is worth another try, and is
 * kept in the plain words staff read in the outbox.
 */
function refusalOf(error: unknown) {
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode === "number" && typeof response === "string") {
    return responseCode >= 500 && responseCode < 600
      ? new DeliveryError(`The mail server refused the message: ${response}`, null, true)
      : new DeliveryError(`The mail server asked to try again later: ${response}`, null);
  }
  return new DeliveryError(connectionFailure(error), null);
}

/**
 * The embedded default: each message becomes an .eml file in `folder`, which any mail program
 * opens. Nothing leaves the machine, and a new install can still see what the site would send.
 */
export function createFolderTransport(folder: string): MailTransport {
  let composer: Promise<Transporter> | undefined;
  return {
    send: async (message) => {
      composer ??= loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true }),
      );
      const info = await (await composer).sendMail(nodemailerMessage(message));
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeName(message.messageId)}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}

function safeName(messageId: string) {
  return messageId.replace(/[^a-z0-9-]/gi, "").slice(0, 60);
}
