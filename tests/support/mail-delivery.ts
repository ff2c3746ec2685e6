// The outbox worker delivering the app's emails to a real SMTP server on 127.0.0.1, for tests of
// what people are sent.
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { emailCourier, startOutboxWorker } from "~/features/outbox/outbox.server";
import { db } from "~/lib/db.server";
import { startSmtpSink } from "./smtp-sink";

/** Starts the sink and a worker that looks for mail to send every `pollIntervalMs`. */
export async function startMailDelivery(pollIntervalMs = 100) {
  const sink = await startSmtpSink();
  const worker = startOutboxWorker({
    db,
    couriers: { email: emailCourier(createSmtpTransport(sink.url), "site@example.com") },
    pollIntervalMs,
  });
  return {
    sink,
    /** Stops the worker, then the sink: each test file's afterAll. */
    stop: async () => {
      await worker.stop();
      await sink.stop();
    },
  };
}
