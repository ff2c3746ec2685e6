// The Operational Efficiency Assessment, end to end in a real browser, with and without JavaScript.
import type { Page } from "@playwright/test";
import {
  answerEverything,
  expectStep,
  fillContact,
  goNext,
  knownRun,
  newContact,
  nextButton,
} from "./support/assessment";
import { holdAnimations } from "./support/animation-clock";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { holdRequests } from "./support/held-requests";

/** Without JavaScript, Next posts the step; the server must refuse it with a 400. */
async function expectRefusedNext(page: Page) {
  const [refusal] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    nextButton(page).click(),
  ]);
  expect(refusal.status()).toBe(400);
}

test("a full run lands on the expected score, level and recommendation, stores them and emails both", async ({
  page,
  app,
  mailbox,
}, testInfo) => {
  const contact = { ...newContact(testInfo.project.name), phone: "+1 (720) 555-0199" };
  const response = await page.goto(
    "/efficiency-assessment?utm_source=newsletter&utm_medium=email&utm_campaign=autumn",
  );
  expect(response?.status()).toBe(200);
  await expect(page.locator("main h1")).toHaveText("How Efficient Are Your Operations?");
  await expectStep(page, 1);
  // A mark on the window survives client-side navigations only: with JavaScript, no step reloads.
  if (testInfo.project.name === "js") {
    await page.evaluate(() => Object.assign(window, { wizardMark: "kept" }));
  }
  await answerEverything(page, contact, knownRun.answers);
  const submit = page.getByRole("button", { name: "Get My Results" });
  await expect(submit).toBeVisible();
  const clock = await holdAnimations(page);
  await submit.click();

  await expect(page).toHaveURL(/\/assessment-results$/);
  if (testInfo.project.name === "js") {
    expect(await page.evaluate(() => (window as { wizardMark?: string }).wizardMark)).toBe("kept");
  }
  await expect(page.getByText("Calculating Your Results...")).toBeVisible();
  await clock.release();
  await expect(page.getByTestId("efficiency-score")).toHaveText("73%", { timeout: 5_000 });
  await expect(page.getByText("Calculating Your Results...")).toBeHidden();
  await expect(page.getByTestId("efficiency-level")).toHaveText(knownRun.level);
  await expect(page.getByTestId("recommendation")).toHaveText(knownRun.recommendation);
  const mine = page.locator('tbody tr[aria-current="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(knownRun.level);
  await expect(mine).toContainText("5-10 hours");
  await expect(page.locator("tbody tr")).toHaveCount(4);
  await expect(
    page.locator("main").getByRole("link", { name: knownRun.recommendation }),
  ).toHaveAttribute("href", "/contact");

  const db = app.openDatabase();
  const row = db
    .prepare("select * from assessment_submissions where email = ?")
    .get(contact.email) as Record<string, unknown>;
  const visit = db
    .prepare("select * from assessment_visits where id = ?")
    .get(row.visit_id) as Record<string, unknown>;
  db.close();
  expect(row).toMatchObject({
    ...knownRun.row,
    company: contact.company,
    first_name: contact.firstName,
    last_name: contact.lastName,
    phone: contact.phone,
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "autumn",
    utm_term: null,
    utm_content: null,
  });
  expect(visit).toMatchObject({ furthest_step: 10 });
  expect(visit.submitted_at).not.toBeNull();

  // A refresh keeps the result: it lives in this browser's session.
  await page.reload();
  await expect(page.getByTestId("efficiency-score")).toHaveText("73%", { timeout: 5_000 });

  const findMail = (to: string) =>
    mailbox.messages.find((mail) => mail.to.includes(to) && mail.text.includes(contact.company));
  await expect
    .poll(() => findMail("hello@keelstone.example.com"), { timeout: 10_000 })
    .toBeTruthy();
  await expect.poll(() => findMail(contact.email), { timeout: 10_000 }).toBeTruthy();
  const owner = findMail("hello@keelstone.example.com");
  expect(owner?.replyTo).toBe(contact.email);
  expect(owner?.text).toContain(`Submission: #${row.id as number}`);
  expect(owner?.text).toContain("Efficiency score: 73%");
  expect(owner?.text).toContain("Band score: 12 of 16");
  expect(owner?.text).toContain(`Level: ${knownRun.level}`);
  expect(owner?.text).toContain(`Recommendation: ${knownRun.recommendation}`);
  expect(owner?.text).toContain(contact.phone);
  for (const label of knownRun.answers.flat()) expect(owner?.text).toContain(label);
  expect(owner?.text).toContain("UTM source: newsletter");
  const respondent = findMail(contact.email);
  expect(respondent?.subject).toBe("Your Operational Efficiency Score: 73%");
  expect(respondent?.text).toContain(`Hello ${contact.firstName},`);
  expect(respondent?.text).toContain(knownRun.level);
  expect(respondent?.text).toContain(`Recommended next step: ${knownRun.recommendation}`);
});

test("two 'not certain' answers show the consultation view instead of a score", async ({
  page,
  app,
}, testInfo) => {
  const contact = newContact(`unsure-${testInfo.project.name}`);
  await page.goto("/efficiency-assessment");
  const answers = knownRun.answers.map((labels, index) =>
    index === 1 || index === 4 ? ["I am not certain"] : labels,
  );
  await answerEverything(page, contact, answers);
  await page.getByRole("button", { name: "Get My Results" }).click();

  await expect(page).toHaveURL(/\/assessment-results$/);
  const heading = page.getByRole("heading", { name: "Let's Complete the Picture Together" });
  await expect(heading).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("recommendation")).toHaveText("Schedule a Discovery Call");
  await expect(
    page.locator("main").getByRole("link", { name: "Schedule a Discovery Call" }),
  ).toHaveAttribute("href", "/book");
  await expect(page.getByTestId("efficiency-score")).toHaveCount(0);
  await expect(page.locator("main table")).toHaveCount(0);

  const db = app.openDatabase();
  const row = db
    .prepare("select * from assessment_submissions where email = ?")
    .get(contact.email) as Record<string, unknown>;
  db.close();
  // 25 + 0 + 15 + 25 + 0 + 5 = 70 of 150.
  expect(row).toMatchObject({
    reinvent_wheel: "not-certain",
    reinvent_wheel_score: 0,
    meeting_time: "not-certain",
    meeting_time_score: 0,
    efficiency_score: 47,
    band_score: 12,
  });
});

test("step 1 needs company, names and work email before it moves on", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/efficiency-assessment");
  await expectStep(page, 1);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Work Email", exact: true })).toHaveAttribute(
    "type",
    "email",
  );
  const contact = newContact("gating");

  if (javaScriptEnabled) {
    await expect(nextButton(page)).toBeDisabled();
    await page.getByRole("textbox", { name: "Company", exact: true }).fill(contact.company);
    await page.getByRole("textbox", { name: "First Name", exact: true }).fill(contact.firstName);
    await page.getByRole("textbox", { name: "Last Name", exact: true }).fill(contact.lastName);
    await expect(nextButton(page)).toBeDisabled();
    await page.getByRole("textbox", { name: "Work Email", exact: true }).fill(contact.email);
    // Phone is optional.
    await expect(nextButton(page)).toBeEnabled();
    await page.getByRole("textbox", { name: "Last Name", exact: true }).fill("");
    await expect(nextButton(page)).toBeDisabled();
  } else {
    await expectRefusedNext(page);
    await expectStep(page, 1);
    for (const message of [
      "Please enter your company.",
      "Please enter your first name.",
      "Please enter your last name.",
      "Please enter your work email.",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    // What was typed survives the refusal.
    await page.getByRole("textbox", { name: "Company", exact: true }).fill(contact.company);
    await page.getByRole("textbox", { name: "Work Email", exact: true }).fill("not-an-email");
    await nextButton(page).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue(
      contact.company,
    );
  }
});

test("a question step needs an answer, and works from the keyboard alone", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/efficiency-assessment");
  await fillContact(page, newContact("keyboard"));
  // Enter in a field moves forward, as in any form.
  await page.getByRole("textbox", { name: "Work Email", exact: true }).press("Enter");
  await expectStep(page, 2);

  if (javaScriptEnabled) {
    await expect(nextButton(page)).toBeDisabled();
  } else {
    await expectRefusedNext(page);
    await expect(page.getByText("Please choose an answer.")).toBeVisible();
    await expectStep(page, 2);
  }

  const first = page.getByRole("radio", { name: "Less than 2 hours", exact: true });
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "2-5 hours", exact: true })).toBeChecked();
  if (javaScriptEnabled) await expect(nextButton(page)).toBeEnabled();
  await page.keyboard.press("Enter");
  await expectStep(page, 3);
});

test("a step ahead of the answers given is refused and the visitor is taken back", async ({
  page,
}) => {
  await page.goto("/efficiency-assessment?step=6");
  await expectStep(page, 1);
  await expect(page.getByRole("alert")).toContainText("Please answer the earlier questions first");
  await page.goto("/efficiency-assessment?step=eleven");
  await expectStep(page, 1);
  await expect(page.getByRole("alert")).toContainText("Step not found");
});

test("Previous, Back and refresh keep the answers already given", async ({ page }) => {
  const contact = newContact("previous");
  await page.goto("/efficiency-assessment");
  await fillContact(page, contact);
  await goNext(page, 2);
  await page.getByRole("radio", { name: "5-10 hours", exact: true }).check();
  await goNext(page, 3);
  await page.getByRole("radio", { name: "Every week", exact: true }).check();
  await goNext(page, 4);

  await page.getByRole("button", { name: "Previous" }).click();
  await expectStep(page, 3);
  await expect(page.getByRole("radio", { name: "Every week", exact: true })).toBeChecked();
  await page.reload();
  await expectStep(page, 3);
  await expect(page.getByRole("radio", { name: "Every week", exact: true })).toBeChecked();

  await page.goBack();
  await expectStep(page, 4);
  await page.goBack();
  await expectStep(page, 3);
  await page.goBack();
  await expectStep(page, 2);
  await expect(page.getByRole("radio", { name: "5-10 hours", exact: true })).toBeChecked();
  await page.goForward();
  await expectStep(page, 3);
  await expect(page.getByRole("radio", { name: "Every week", exact: true })).toBeChecked();

  await page.goto("/efficiency-assessment?step=2");
  await page.getByRole("button", { name: "Previous" }).click();
  await expectStep(page, 1);
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue(
    contact.company,
  );
  await expect(page.getByRole("textbox", { name: "Work Email", exact: true })).toHaveValue(
    contact.email,
  );
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
});

test("the results page without a result shows the no-data view", async ({ page }) => {
  const response = await page.goto("/assessment-results");
  expect(response?.status()).toBe(200);
  await expect(page.locator("main h1")).toHaveText("No assessment data found");
  const link = page.locator("main").getByRole("link", { name: "Take the 3-Minute Assessment" });
  await expect(link).toHaveAttribute("href", "/efficiency-assessment");
  await link.click();
  await expect(page).toHaveURL(/\/efficiency-assessment$/);
  await expectStep(page, 1);
});

test("Get My Results reads Submitting... and is disabled while the answers are sent", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser itself shows the page loading");
  // The last step's post is held until the pending state has been checked.
  const release = await holdRequests(
    page,
    "**/efficiency-assessment.data*",
    (request) => request.method() === "POST" && request.url().includes("step=10"),
  );
  const contact = newContact("submitting");
  await page.goto("/efficiency-assessment");
  await waitForHydration(page);
  await answerEverything(page, contact, knownRun.answers);
  await page.getByRole("button", { name: "Get My Results" }).click();
  const busy = page.getByRole("button", { name: "Submitting..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/assessment-results$/);

  const db = app.openDatabase();
  expect(
    (
      db
        .prepare("select count(*) as n from assessment_submissions where email = ?")
        .get(contact.email) as { n: number }
    ).n,
  ).toBe(1);
  db.close();
});

test("submitting twice from the same run stores one assessment", async ({ page, app, request }) => {
  const contact = newContact("twice");
  await page.goto("/efficiency-assessment");
  await answerEverything(page, contact, knownRun.answers);
  // Replays the final post with the cookie the browser held before it was answered.
  const cookies = await page.context().cookies();
  const form = { intent: "next", urgency: "somewhat-urgent", timeline: "within-90-days" };
  await page.getByRole("button", { name: "Get My Results" }).click();
  await expect(page).toHaveURL(/\/assessment-results$/);
  const replay = await request.post("/efficiency-assessment?step=10", {
    form,
    headers: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toBe("/assessment-results");

  const db = app.openDatabase();
  const submissions = db
    .prepare("select id from assessment_submissions where email = ?")
    .all(contact.email);
  const mail = db
    .prepare(
      "select count(*) as n from outbox where assessment_submission_id in (select id from assessment_submissions where email = ?)",
    )
    .get(contact.email) as { n: number };
  db.close();
  expect(submissions).toHaveLength(1);
  expect(mail.n).toBe(2);
});

test("step 1 marks its four required fields as required to assistive technology", async ({
  page,
}) => {
  await page.goto("/efficiency-assessment");
  for (const name of ["Company", "First Name", "Last Name", "Work Email"]) {
    const field = page.getByRole("textbox", { name, exact: true });
    await expect(field, `${name} is required`).toHaveAttribute("required", "");
    await expect(field).toHaveJSProperty("required", true);
  }
  await expect(page.getByRole("textbox", { name: /^Phone/ })).not.toHaveAttribute("required");
  // The server checks every post and says what is wrong at the field; the browser's own check
  // would stop a post without JavaScript before it.
  await expect(page.locator("main form")).toHaveAttribute("novalidate", "");
});

test("by keyboard, an email the server refuses on step 1 takes focus to that field, which says why", async ({
  page,
  javaScriptEnabled,
}) => {
  const contact = newContact("refused-email");
  await page.goto("/efficiency-assessment");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Company", exact: true }).focus();
  for (const value of [contact.company, contact.firstName, contact.lastName, "ada@acme"]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  // Enter in Phone sends the step, as Next.
  await page.keyboard.press("Enter");
  const email = page.getByRole("textbox", { name: "Work Email", exact: true });

  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expectStep(page, 1);
  await expect(email, "focus is on the refused field, not <body>").toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(email).toHaveValue("ada@acme");

  // The next Tab goes on from the field, not from the top of the page.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: /^Phone/ })).toBeFocused();
});

test("by keyboard, a question step sent without an answer takes focus to the question", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "With JavaScript, Next waits until the step is answered");
  await page.goto("/efficiency-assessment");
  await fillContact(page, newContact("unanswered"));
  await page.getByRole("textbox", { name: "Work Email", exact: true }).press("Enter");
  await expectStep(page, 2);
  await nextButton(page).focus();
  await page.keyboard.press("Enter");

  await expect(page.getByText("Please choose an answer.")).toBeVisible();
  const first = page.getByRole("radio", { name: "Less than 2 hours", exact: true });
  await expect(first, "focus is in the unanswered question").toBeFocused();
  await expect(
    page.getByRole("group", { name: /^How many hours does a typical employee lose/ }),
  ).toHaveAccessibleDescription(/Please choose an answer\./);
});

test("by keyboard, every step's heading and title say which step of ten it is and what it asks, and the result takes the focus", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/efficiency-assessment");
  if (javaScriptEnabled) await waitForHydration(page);
  const heading = page.locator("#assessment-step-heading");
  await expect(heading).toHaveText(/^Step 1 of 10: \S/);
  await page.getByRole("textbox", { name: "Company", exact: true }).focus();
  const contact = newContact("step-names");
  for (const value of [contact.company, contact.firstName, contact.lastName, contact.email]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");

  const names = new Set<string>();
  for (const [index, labels] of knownRun.answers.entries()) {
    const step = index + 2;
    await expectStep(page, step);
    const text = (await heading.textContent()) ?? "";
    const [, name] = /^Step (?:\d+) of 10: (.+)$/.exec(text) ?? [];
    expect(text, `step ${step}'s heading`).toMatch(new RegExp(`^Step ${step} of 10: \\S`));
    names.add(name ?? "");
    await expect(page).toHaveTitle(`Step ${step} of 10: ${name} | Keelstone Operations`);
    // With JavaScript the step is drawn in the page, and its heading takes the focus.
    if (javaScriptEnabled) await expect(heading).toBeFocused();
    for (const label of labels) {
      await page.getByRole("radio", { name: label, exact: true }).focus();
      await page.keyboard.press("Space");
    }
    await page.keyboard.press("Enter");
  }
  expect(names.size, `every step has its own name: ${[...names].join(", ")}`).toBe(9);

  await expect(page).toHaveURL(/\/assessment-results$/);
  const result = page.getByRole("heading", { name: "Your Efficiency Score" });
  await expect(result).toBeVisible({ timeout: 5_000 });
  // Without JavaScript the page is new and starts at the top; the status announces the result.
  if (javaScriptEnabled) await expect(result, "focus is on the result, not <body>").toBeFocused();
  await expect(page.getByRole("status")).toHaveText(/^Your results are ready/, {
    useInnerText: true,
  });
});

test("by keyboard, Next is reached while the step is unanswered, says why it waits and ignores Enter", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "without JavaScript Next is always available and the server answers",
  );
  const stepPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("step=2"))
      stepPosts.push(request.url());
  });
  await page.goto("/efficiency-assessment");
  await waitForHydration(page);
  await fillContact(page, newContact("next-waits"));
  await page.getByRole("textbox", { name: "Work Email", exact: true }).press("Enter");
  await expectStep(page, 2);

  // From the focused heading: the question's first option, then Next.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Less than 2 hours", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  const next = nextButton(page);
  await expect(next, "Tab reaches Next while it waits").toBeFocused();
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await expect(next).toHaveAccessibleDescription("Choose an answer to continue");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Space");
  await expectStep(page, 2);
  await expect(page.getByText("Please choose an answer.")).toHaveCount(0);

  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Less than 2 hours", exact: true })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
  await expect(next).not.toHaveAttribute("aria-disabled", "true");
  await expect(next).toHaveAccessibleDescription("");
  await page.keyboard.press("Enter");
  await expectStep(page, 3);
  expect(stepPosts, "only the answered step was sent").toHaveLength(1);
});
