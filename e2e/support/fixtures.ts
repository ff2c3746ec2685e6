// The shared Playwright fixtures: one production server per worker, with its own database.
import { test as base } from "@playwright/test";
import { startServer, type RunningServer } from "./server";

export const test = base.extend<object, { app: RunningServer }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
});

export { expect } from "@playwright/test";
