// A real SMTP server on 127.0.0.1 that keeps every message it accepts, for tests.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

type ReceivedEmail = {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Its Auto-Submitted header (RFC 3834), or "" without one. */
  autoSubmitted: string;
  /** Every header line as it came, by lower-cased name (List-Unsubscribe, List-Unsubscribe-Post). */
  headerLines: Record<string, string>;
  /**
   * Every part besides the text and the HTML, as mailparser found it: its media type with the
   * parameters of its Content-Type (a calendar's `method`), its file name, and its text.
   */
  parts: ReceivedPart[];
};

type ReceivedPart = {
  contentType: string;
  params: Record<string, string>;
  filename: string | undefined;
  content: string;
};

export type SmtpSink = {
  url: string;
  port: number;
  messages: ReceivedEmail[];
  /** Waits until at least `count` messages have arrived. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedEmail[]>;
  /** Waits for the first message to `address` whose subject matches, and answers it. */
  mailTo: (address: string, subject: RegExp, timeoutMs?: number) => Promise<ReceivedEmail>;
  /**
   * Makes the server refuse every message after its DATA until called with false: with 451, a
   * temporary error, or with the code given (554, a permanent one).
   */
  refuseMail: (refuse: boolean, code?: 451 | 554) => void;
  stop: () => Promise<void>;
};

/** Starts the sink, on `port` if given (to bring a stopped sink back at the same address). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedEmail[] = [];
  let refusal: { code: number; words: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusal) {
        const { code, words } = refusal;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error(words), { responseCode: code })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            from: mail.from?.text ?? "",
            to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text),
            replyTo: mail.replyTo?.text ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            messageId: mail.messageId ?? "",
            autoSubmitted: String(mail.headers.get("auto-submitted") ?? ""),
            headerLines: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(":") + 1).trim(),
              ]),
            ),
            parts: mail.attachments.map((part) => {
              const type = part.headers.get("content-type") as
                { params?: Record<string, string> } | undefined;
              return {
                contentType: part.contentType,
                params: type?.params ?? {},
                filename: part.filename,
                content: part.content.toString("utf8"),
              };
            }),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitForMessages: (count, timeoutMs = 10_000) =>
      until(
        () => (messages.length >= count ? messages : undefined),
        timeoutMs,
        () => `Expected ${count} emails, received ${messages.length}`,
      ),
    mailTo: (address, subject, timeoutMs = 10_000) =>
      until(
        () =>
          messages.find((message) => message.to.includes(address) && subject.test(message.subject)),
        timeoutMs,
        () => `no email to ${address} matching ${subject}`,
      ),
    refuseMail(refuse, code = 451) {
      const words = code === 451 ? "Try again later" : "5.7.1 Message rejected as spam";
      refusal = refuse ? { code, words } : null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What `found` answers once it answers something, checked every 50 ms for up to `timeoutMs`. */
async function until<T>(found: () => T | undefined, timeoutMs: number, failure: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (let value = found(); ; value = found()) {
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
