// Passkeys on a site whose address (SITE_URL) is an IP address, as this suite's servers are
// (http://127.0.0.1:<port>): WebAuthn binds a passkey to a domain name, so every ceremony would
// fail. The sign-in and Security pages say why instead of offering one, with and without
// JavaScript; e2e/admin-passkeys.spec.ts runs on localhost, where they are offered.
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

const NEEDS_A_DOMAIN =
  "Passkeys need the site to be reached by a domain name such as localhost, not an IP address like 127.0.0.1.";

test("the sign-in page says a passkey needs a domain name, and offers none", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  expect(new URL(app.url).hostname).toBe("127.0.0.1");
  await page.goto("/admin/auth");
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByText(NEEDS_A_DOMAIN)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await expect(page.getByText("Signing in with a passkey needs JavaScript.")).toHaveCount(0);
});

test("the Security page says a passkey needs a domain name, and offers none", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/security");
  if (javaScriptEnabled) await waitForHydration(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys).toContainText(NEEDS_A_DOMAIN);
  await expect(passkeys).toContainText(`This site's address is ${app.url}`);
  await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await expect(passkeys.getByRole("textbox", { name: "Name (optional)" })).toHaveCount(0);
  await expect(
    passkeys.getByText("Adding a passkey needs JavaScript", { exact: false }),
  ).toHaveCount(0);
});
