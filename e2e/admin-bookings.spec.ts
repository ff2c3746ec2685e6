// The staff's Bookings screens in the browser, with and without JavaScript: a booked call listed
// with the prospect's assessment and messages, cancelled after a question; the weekly hours
// refused at the wrong field and then saved, which changes the times offered; a day off added and
// removed; and every call downloaded as CSV.
import crypto from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import { openTimes } from "../app/features/booking/open-times.server";
import type { WeeklyHours } from "../app/db/schema";
import { signInAsAdmin } from "./support/admin";
import { storeBooking } from "./support/bookings";
import { expect, test as base } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { storeAssessment } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";

// A server of its own: these tests change the booking rules every other spec's server keeps.
const test = base.extend({
  app: [
    async ({ mailbox }, use) => {
      const server = await startServer({ env: { SMTP_URL: mailbox.url } });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

const DAY = 24 * 60 * 60_000;
const ZONE = "America/Denver";

function withDatabase<Result>(app: RunningServer, use: (db: Database.Database) => Result) {
  const db = new Database(app.databasePath);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** A start no other call of this server has: whole days ahead, plus minutes from the tag. */
function startIn(days: number, tag: string) {
  const halfHour = 30 * 60_000;
  const minutes = (parseInt(tag, 16) % 48) * 30;
  return Math.ceil(Date.now() / halfHour) * halfHour + days * DAY + minutes * 60_000;
}

test("a booked call shows its prospect's assessment and messages, and staff cancel it after a question", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const email = `prospect-${tag}@example.org`;
  const { assessment, upcoming } = withDatabase(app, (db) => {
    const assessment = storeAssessment(db, {
      company: `Ridgeline Haulage ${tag}`,
      name: ["Morgan", "Reyes"],
      email,
      phone: null,
      answers: 1,
      createdAt: Date.now() - 2 * DAY,
    });
    db.prepare("insert into contact_messages (full_name, email, message) values (?, ?, ?)").run(
      "Morgan Reyes",
      email.toUpperCase(),
      `Our dispatch board is a spreadsheet ${tag}.`,
    );
    const upcoming = storeBooking(db, {
      startsAt: startIn(3, tag),
      fullName: `Morgan Reyes ${tag}`,
      email,
      company: `Ridgeline Haulage ${tag}`,
      phone: "+1 (720) 555-0199",
      topic: `Dispatch by spreadsheet ${tag}`,
      assessmentId: assessment,
    });
    storeBooking(db, {
      startsAt: startIn(-3, tag),
      fullName: `Held Call ${tag}`,
      email: `held-${tag}@example.org`,
      company: "Past Co",
    });
    return { assessment, upcoming };
  });
  const score = withDatabase(
    app,
    (db) =>
      (
        db
          .prepare("select efficiency_score as score from assessment_submissions where id = ?")
          .get(assessment) as { score: number }
      ).score,
  );

  await signInAsAdmin(page, app);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Bookings" })
    .click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bookings");

  const upcomingTable = page.getByRole("table", { name: "Upcoming calls, soonest first" });
  const row = upcomingTable.getByRole("row").filter({ hasText: `Morgan Reyes ${tag}` });
  await expect(row).toContainText(`Ridgeline Haulage ${tag}`);
  await expect(row).toContainText(`Dispatch by spreadsheet ${tag}`);
  await expect(row.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(row.getByRole("link", { name: "+1 (720) 555-0199" })).toHaveAttribute(
    "href",
    "tel:+17205550199",
  );
  await expect(row.getByRole("link", { name: new RegExp(`^Score ${score}, `) })).toHaveAttribute(
    "href",
    `/admin/leads/assessments/${assessment}`,
  );
  await row.getByText("1 message").click();
  await expect(row.getByText(`Our dispatch board is a spreadsheet ${tag}.`)).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Past calls, latest first" })
      .getByRole("row")
      .filter({ hasText: `Held Call ${tag}` }),
  ).toContainText("Confirmed");

  // With JavaScript a dialog asks; without it, a step of the page that the link opens.
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await row.getByRole("button", { name: /^Cancel the call with / }).click();
    await expect(page.getByRole("dialog", { name: "Cancel this call?" })).toBeVisible();
  } else {
    await row.getByRole("link", { name: /^Cancel the call with / }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?cancel=${upcoming}$`));
    await expect(page.getByRole("alertdialog", { name: "Cancel this call?" })).toBeVisible();
  }
  await expect(
    page.getByText(`The call with Morgan Reyes ${tag} (Ridgeline Haulage ${tag}) on`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Cancel call" }).click();

  const notice = page.getByRole("status").filter({ hasText: "Call cancelled" });
  await expect(notice).toContainText(
    `The call with Morgan Reyes ${tag} (Ridgeline Haulage ${tag}) on`,
  );
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(
    page
      .getByRole("table", { name: "Upcoming calls, soonest first" })
      .getByRole("row")
      .filter({ hasText: `Morgan Reyes ${tag}` }),
  ).toContainText("Cancelled by staff");
  expect(
    withDatabase(app, (db) =>
      db.prepare("select status, cancelled_by as by from bookings where id = ?").get(upcoming),
    ),
  ).toEqual({ status: "cancelled", by: "staff" });
});

test("the weekly hours are refused at the wrong day, then saved, and the times offered follow", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings");
  await page.getByRole("link", { name: "Hours and days off" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking hours");
  await expect(page.getByText(/Wall times in America\/Denver \(M[SD]T\)/)).toBeVisible();

  const monday = page.getByRole("textbox", { name: "Monday" });
  await expect(monday).toHaveValue("09:00-17:00");
  await monday.fill("17:00-09:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("17:00-09:00 ends before it starts.")).toBeVisible();
  await expect(monday).toHaveAttribute("aria-invalid", "true");
  expect(
    withDatabase(app, (db) =>
      db.prepare("select weekly_hours as hours from booking_settings").get(),
    ),
  ).toEqual({ hours: expect.stringContaining('"1":[["09:00","17:00"]]') });

  await monday.fill("10:00 - 11:00");
  for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await page.getByRole("textbox", { name: day }).fill("");
  }
  await page.getByRole("spinbutton", { name: "Minimum notice (hours)" }).fill("0");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hours saved" })).toBeVisible();
  // The fields show the rules as stored, written the one way.
  await expect(page.getByRole("textbox", { name: "Monday" })).toHaveValue("10:00-11:00");
  await expect(page.getByRole("textbox", { name: "Tuesday" })).toHaveValue("");

  // The times a visitor is offered, from the rules as stored: Mondays at 10:00 and 10:30 alone.
  const rules = withDatabase(
    app,
    (db) =>
      db
        .prepare(
          `select weekly_hours as weeklyHours, call_minutes as callMinutes, start_every_minutes as startEveryMinutes,
                  notice_minutes as noticeMinutes, horizon_days as horizonDays from booking_settings`,
        )
        .get() as {
        weeklyHours: string;
        callMinutes: number;
        startEveryMinutes: number;
        noticeMinutes: number;
        horizonDays: number;
      },
  );
  const offered = openTimes({
    rules: { ...rules, weeklyHours: JSON.parse(rules.weeklyHours) as WeeklyHours },
    timeZone: ZONE,
    now: new Date(),
    daysOff: new Set(),
    taken: [],
  });
  const wallTimes = new Set(
    offered.map((time) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: ZONE,
        weekday: "long",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(time),
    ),
  );
  expect([...wallTimes].sort()).toEqual(["Monday 10:00", "Monday 10:30"]);
});

test("a day off is added with its note, refused when it has passed, and removed", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings/settings");
  const dayField = page.getByLabel(/^Day \(America\/Denver/);

  await dayField.fill("2020-01-06");
  await page.getByRole("button", { name: "Add day off" }).click();
  await expect(page.getByText("That day has passed.")).toBeVisible();

  const ahead = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(
    new Date(Date.now() + 9 * DAY),
  );
  const tag = crypto.randomBytes(3).toString("hex");
  await page.getByLabel(/^Day \(America\/Denver/).fill(ahead);
  await page.getByRole("textbox", { name: /^Note/ }).fill(`Offsite ${tag}`);
  await page.getByRole("button", { name: "Add day off" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Day off added" })).toBeVisible();
  const list = page.getByRole("list", { name: "Days off ahead" });
  const item = list.getByRole("listitem").filter({ hasText: `Offsite ${tag}` });
  await expect(item).toBeVisible();
  await expect(page.getByLabel(/^Day \(America\/Denver/)).toHaveValue("");
  await expect(page.getByRole("textbox", { name: /^Note/ })).toHaveValue("");
  expect(
    withDatabase(app, (db) =>
      db.prepare("select note from booking_days_off where day = ?").get(ahead),
    ),
  ).toEqual({ note: `Offsite ${tag}` });

  await item.getByRole("button", { name: /^Remove the day off / }).click();
  await expect(page.getByRole("status").filter({ hasText: "Day off removed" })).toBeVisible();
  await expect(page.getByText(`Offsite ${tag}`)).toHaveCount(0);
  expect(
    withDatabase(app, (db) =>
      db.prepare("select count(*) as count from booking_days_off where day = ?").get(ahead),
    ),
  ).toEqual({ count: 0 });
});

test("every call downloads as CSV, with its times in UTC and on the firm's clock", async ({
  page,
  app,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const startsAt = startIn(6, tag);
  withDatabase(app, (db) =>
    storeBooking(db, {
      startsAt,
      fullName: `=Formula ${tag}`,
      email: `csv-${tag}@example.org`,
      company: `Export Co ${tag}`,
    }),
  );
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download bookings as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text).toContain(
    "ID,Starts at (UTC),Ends at (UTC),Starts at (America/Denver),Ends at (America/Denver),",
  );
  const line = text.split("\r\n").find((each) => each.includes(`Export Co ${tag}`)) ?? "";
  expect(line).toContain(new Date(startsAt).toISOString());
  expect(line).toContain(`'=Formula ${tag}`);
  // The same instant on the firm's clock, with the offset it has that day.
  const wall = new Intl.DateTimeFormat("sv-SE", {
    timeZone: ZONE,
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(startsAt)
    .replace(" ", "T");
  expect(line).toMatch(new RegExp(`,${wall}:00-0[67]:00,`));
});
