// An owner changes a retention period, with and without JavaScript, and the privacy policy every
// visitor reads (from the page cache) states the new period at once.
import { signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";

// A server of its own: the periods it sets would otherwise reach other specs' privacy policy.
const test = testOnOwnServer();

test("an owner changes a period and the privacy policy states it", async ({
  page,
  request,
  app,
}) => {
  const policy = async () => {
    const answer = await request.get("/privacy-policy");
    expect(answer.status()).toBe(200);
    return { cache: answer.headers()["x-cache"], html: await answer.text() };
  };
  // Stored by the page cache, as every visitor's copy is.
  expect((await policy()).html).toContain("24 months");
  expect((await policy()).cache).toBe("HIT");

  await signInAsAdmin(page, app, { owner: true });
  await page.getByRole("link", { name: "Retention" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retention");

  const audit = page.getByRole("spinbutton", { name: "Audit log (days)" });
  await audit.fill("10");
  await page.getByRole("button", { name: "Save periods" }).click();
  await expect(audit).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please enter 30 to 3650 days.")).toBeVisible();

  await audit.fill("400");
  await page.getByRole("spinbutton", { name: "Leads (months)" }).fill("18");
  await page.getByRole("button", { name: "Save periods" }).click();
  await expect(page.getByText("Periods saved")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Leads (months)" })).toHaveValue("18");

  const after = await policy();
  expect(after.cache).toBe("MISS");
  expect(after.html).toContain("18 months");
  expect(after.html).toContain("400 days");
  expect(after.html).not.toContain("24 months");

  await page.goto("/privacy-policy");
  await expect(page.getByRole("region", { name: "How Long We Keep Information" })).toContainText(
    "Contact messages, assessment submissions and booked calls: 18 months",
  );
  // The mail server of this server's SMTP_URL, by host alone.
  await expect(
    page.getByRole("list", { name: "Who receives personal data from the Website" }),
  ).toContainText("the mail server at 127.0.0.1");
});
