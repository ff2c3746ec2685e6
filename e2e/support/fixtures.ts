// The shared Playwright fixtures: per worker, one SMTP sink and one production server using it,
// with its own database; per test, a distinct client address so rate limits don't leak between tests.
import { test as base } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink";
import { startServer, type RunningServer } from "./server";

let addressCounter = 0;

/** Addresses each worker's server treats as admins once confirmed: one per project. */
export const allowlistedAdmins = ["signup-js@example.org", "signup-no-js@example.org"];

export const test = base.extend<
  object,
  { app: RunningServer; mailbox: SmtpSink; appHostname: string }
>({
  // The server's host name; a spec that needs a domain rather than an address (WebAuthn binds
  // passkeys to one) sets `test.use({ appHostname: "localhost" })`.
  appHostname: ["127.0.0.1", { scope: "worker", option: true }],
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const sink = await startSmtpSink();
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],
  app: [
    async ({ mailbox, appHostname }, use) => {
      const server = await startServer({
        env: { SMTP_URL: mailbox.url, ADMIN_EMAILS: allowlistedAdmins.join(",") },
        hostname: appHostname,
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
  // The server trusts its loopback "proxy" (TRUST_PROXY's default), as it would trust nginx.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    addressCounter += 1;
    await use({
      "X-Forwarded-For": `10.${testInfo.workerIndex % 250}.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`,
    });
  },
});

export { expect } from "@playwright/test";

/**
 * The same fixtures on a server of the spec's own, one per worker: for specs whose lists must hold
 * only what they made, and for specs that fill lists others read.
 */
export function testOnOwnServer(
  options: {
    env?: Record<string, string>;
    hostname?: string;
  } = {},
) {
  return test.extend({
    app: [
      async ({ mailbox }, use) => {
        const server = await startServer({
          env: { SMTP_URL: mailbox.url, ...options.env },
          hostname: options.hostname,
        });
        await use(server);
        await server.stop();
      },
      { scope: "worker" },
    ],
  });
}
