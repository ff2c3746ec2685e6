// Going through the assessment wizard in a browser: a fresh contact, and every step answered.
import { expect, type Page } from "@playwright/test";

export type Contact = {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

export function newContact(label: string): Contact {
  const unique = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return {
    company: `Northwind ${unique}`,
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada.${unique}@example.org`,
    phone: "",
  };
}

/** Known answers (labels as shown) for steps 2-10, and what they must score. */
export const knownRun = {
  answers: [
    ["Less than 2 hours"],
    ["Rarely - we reuse what already exists"],
    ["Most of them"],
    ["Work carries on smoothly"],
    ["10-25%"],
    ["Often"],
    ["Director/Manager"],
    ["Me + 1 other"],
    ["Somewhat urgent", "Within 90 days"],
  ],
  row: {
    time_wasted: "under-2-hours",
    time_wasted_score: 25,
    reinvent_wheel: "rarely",
    reinvent_wheel_score: 25,
    critical_processes: "most-documented",
    critical_processes_score: 15,
    vacation_impact: "work-continues",
    vacation_impact_score: 25,
    meeting_time: "10-25-percent",
    meeting_time_score: 15,
    project_delays: "often",
    project_delays_score: 5,
    role: "director-manager",
    role_score: 3,
    approval_process: "me-plus-one",
    approval_process_score: 3,
    urgency: "somewhat-urgent",
    urgency_score: 3,
    timeline: "within-90-days",
    timeline_score: 3,
    // (25 + 25 + 15 + 25 + 15 + 5) / 150 = 73.3%; band 3 + 3 + 3 + 3 = 12.
    efficiency_score: 73,
    band_score: 12,
  },
  level: "Good Efficiency with Room for Improvement",
  recommendation: "Get the Quick Wins Guide",
};

export const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

export async function expectStep(page: Page, step: number) {
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(step));
  await expect(page.locator("main")).toContainText(`${step} of 10`);
}

export async function fillContact(page: Page, contact: Contact) {
  await page.getByRole("textbox", { name: "Company", exact: true }).fill(contact.company);
  await page.getByRole("textbox", { name: "First Name", exact: true }).fill(contact.firstName);
  await page.getByRole("textbox", { name: "Last Name", exact: true }).fill(contact.lastName);
  await page.getByRole("textbox", { name: "Work Email", exact: true }).fill(contact.email);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(contact.phone);
}

export async function goNext(page: Page, toStep: number) {
  await nextButton(page).click();
  await expectStep(page, toStep);
}

/** From step 1 to step 10, answered; returns on step 10 with its answers chosen. */
export async function answerEverything(page: Page, contact: Contact, answers: string[][]) {
  await fillContact(page, contact);
  await goNext(page, 2);
  for (const [index, labels] of answers.entries()) {
    for (const label of labels) await page.getByRole("radio", { name: label, exact: true }).check();
    if (index < answers.length - 1) await goNext(page, index + 3);
  }
}
