// Hands outbox messages to the SMTP server in SMTP_URL, or, without one, writes them as .eml files.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { DeliveryError, type MailTransport } from "./outbox.server";

/**
 * SMTP over SMTP_URL: a small pool of reused connections, so a burst of leads goes out in
 * seconds, with timeouts so that a hung server cannot stall the outbox.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (message) => {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        throw refusalOf(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * A 5yz reply is the server's final word on this message (RFC 5321 4.2.1): the row fails with the
 * server's own words. Any other failure (4yz, a dropped connection) is worth another try.
 */
function refusalOf(error: unknown) {
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600) {
    const words = typeof response === "string" ? response : String(error);
    return new DeliveryError(words, null, true);
  }
  return error;
}

/**
 * The embedded default: each message becomes an .eml file in `folder`, which any mail program
 * opens. Nothing leaves the machine, and a new install can still see what the site would send.
 */
export function createFolderTransport(folder: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (message) => {
      const info = await composer.sendMail(message);
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeName(message.messageId)}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}

function safeName(messageId: string) {
  return messageId.replace(/[^a-z0-9-]/gi, "").slice(0, 60);
}
