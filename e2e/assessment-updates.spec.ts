// "Subscribe to Efficiency Updates" after a real run that earns it: the results page's one button
// sends Insights' opt-in email to the address given in the assessment, and the link in the result
// email leads to a page with the same button, which opening does not press.
import { answerEverything, newContact } from "./support/assessment";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

/** The last option of steps 2-10: a score of 0% and a band of 4, so the updates are the step. */
const lowRun = [
  ["More than 10 hours"],
  ["Almost every day"],
  ["Hardly any - they live in people's heads"],
  ["Work stops, or they get called while away"],
  ["More than 50%"],
  ["Almost always"],
  ["Individual contributor"],
  ["Large committee"],
  ["Just curious", "No specific timeline"],
];

const buttonName = "Send me the confirmation email";
const confirmationLink = /https?:\/\/[^\s/]+\/insights\/subscribe\/confirm\/[\w-]{43}/;

test("a 'low' result subscribes with one button, on the results page and from the email's link", async ({
  page,
  browser,
  mailbox,
  javaScriptEnabled,
  extraHTTPHeaders,
}, testInfo) => {
  const contact = newContact(`updates-${testInfo.project.name}`);
  const confirmations = () =>
    mailbox.messages.filter(
      (mail) =>
        mail.to.some((to) => to.includes(contact.email)) &&
        mail.subject.startsWith("Confirm your subscription"),
    );
  await page.goto("/efficiency-assessment");
  await answerEverything(page, contact, lowRun);
  await page.getByRole("button", { name: "Get My Results" }).click();
  await expect(page).toHaveURL(/\/assessment-results$/);
  await expect(page.getByTestId("recommendation")).toHaveText("Subscribe to Efficiency Updates", {
    timeout: 5_000,
  });
  // A button that does it, not a link to the contact form.
  await expect(
    page.locator("main").getByRole("link", { name: "Subscribe to Efficiency Updates" }),
  ).toHaveCount(0);
  await page.getByRole("button", { name: buttonName }).click();

  const notice = page.getByRole("status").filter({ hasText: "Check your inbox to confirm" });
  await expect(notice).toBeVisible();
  // The outcome of the visitor's own post holds the focus (decision 050), and the result stays.
  await expect(page.locator(":focus")).toContainText("Check your inbox to confirm");
  await expect(page.getByTestId("efficiency-score")).toHaveText("0%");
  await expect(page.getByRole("button", { name: buttonName })).toHaveCount(0);

  await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBe(1);
  const optIn = confirmations()[0];
  // The confirmation page is another part of this work: here, the link's shape.
  expect(confirmationLink.exec(optIn?.text ?? ""), optIn?.text).not.toBeNull();
  expect(optIn?.html).toContain(`href="${confirmationLink.exec(optIn?.text ?? "")?.[0]}"`);

  // The result email's own link to the button, for the respondent who comes back later.
  const resultEmail = () =>
    mailbox.messages.find(
      (mail) =>
        mail.to.some((to) => to.includes(contact.email)) &&
        mail.subject.startsWith("Your Operational Efficiency"),
    );
  await expect.poll(resultEmail, { timeout: 10_000 }).toBeTruthy();
  const result = resultEmail();
  const emailed = /https?:\/\/\S+\/assessment-report\/[\w.-]+\/subscribe/.exec(
    result?.text ?? "",
  )?.[0];
  expect(emailed, result?.text).toBeTruthy();

  // In a browser of its own, as from a mail program: no cookie of the assessment.
  const elsewhere = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders });
  const linkPage = await elsewhere.newPage();
  const opened = await linkPage.goto(emailed ?? "");
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(linkPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(linkPage.locator("main h1")).toHaveText("Subscribe to Efficiency Updates");
  if (javaScriptEnabled) await waitForHydration(linkPage);
  // Opening the page sent nothing: mail scanners open links too.
  expect(confirmations()).toHaveLength(1);

  await linkPage.getByRole("button", { name: buttonName }).click();
  await expect(
    linkPage.getByRole("status").filter({ hasText: "Check your inbox to confirm" }),
  ).toBeVisible();
  await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBe(2);

  // Altered, the link says so and offers the way back.
  const altered = (emailed ?? "").replace(
    /(\/assessment-report\/[\w-]+)\.(\d+)\./,
    (_, visit: string, expiry: string) => `${visit}.${Number(expiry) + 1}.`,
  );
  const refused = await linkPage.goto(altered);
  expect(refused?.status()).toBe(404);
  await expect(linkPage.locator("main h1")).toHaveText("This link is not valid");
  await expect(linkPage.getByRole("button", { name: buttonName })).toHaveCount(0);
  await elsewhere.close();
});
