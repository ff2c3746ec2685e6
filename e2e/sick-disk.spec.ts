// A sick disk under a real SQLite database: full, read-only, or not a folder at all. The tests
// run as root (as CI does), which file permissions do not stop, so the disk is a small tmpfs of
// its own, filled or remounted read-only; mounting needs root, and the tests say so where it is
// not permitted.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Response } from "@playwright/test";
import { refusedStart, scratchDirectory, startServer, type RunningServer } from "./support/server";

const TMPFS_SIZE = "16m";

/** Mounts a fresh tmpfs, or returns why it cannot (not root, no CAP_SYS_ADMIN...). */
function mountSmallDisk(): { folder: string; unmount: () => void } | { refused: string } {
  const folder = scratchDirectory("sick-disk");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_SIZE}`, "tmpfs", folder], {
      stdio: "pipe",
    });
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    return { refused: `cannot mount a tmpfs here (${String(error).split("\n")[0]})` };
  }
  return {
    folder,
    unmount: () => {
      execFileSync("umount", ["--lazy", folder], { stdio: "pipe" });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Fills the disk `folder` is on to the last byte; returns the filler's path. */
function fillDisk(folder: string) {
  const filler = path.join(folder, "filler");
  const file = fs.openSync(filler, "w");
  try {
    // Big blocks while they fit, then pages, so that not even one page is left.
    for (const blockSize of [1024 * 1024, 4096]) {
      const block = Buffer.alloc(blockSize, 1);
      for (;;) {
        try {
          fs.writeSync(file, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(file);
  }
  return filler;
}

const healthStatus = async (server: RunningServer) => (await fetch(`${server.url}/healthz`)).status;

const postAnswer = (page: Page) =>
  page.waitForResponse((response: Response) => response.request().method() === "POST");

test.describe("start-up on a data folder it cannot write", () => {
  // These start server processes and use no browser, so one project runs them.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser involved");

  test("a database path under a regular file: one line naming the path, exit code 1", async () => {
    const notAFolder = path.join(scratchDirectory("not-a-folder"), "data");
    fs.writeFileSync(notAFolder, "a file where the data folder should be");
    const output = await refusedStart({ databasePath: path.join(notAFolder, "app.db") });
    expect(output).toEqual([
      `The server cannot start: ${notAFolder} is not writable (EEXIST), so the database at ${path.join(notAFolder, "app.db")} cannot be opened. Check DATABASE_PATH and the disk or volume it is on.`,
    ]);
  });

  test("a read-only file system: one line naming the database, exit code 1", async () => {
    const disk = mountSmallDisk();
    test.skip("refused" in disk, "refused" in disk ? disk.refused : "");
    if ("refused" in disk) return;
    try {
      execFileSync("mount", ["-o", "remount,ro", disk.folder], { stdio: "pipe" });
      const databasePath = path.join(disk.folder, "app.db");
      const output = await refusedStart({ databasePath });
      expect(output).toEqual([
        expect.stringMatching(
          new RegExp(`^The server cannot start: ${databasePath} is not writable \\(SQLITE_\\w+\\)`),
        ),
      ]);
    } finally {
      disk.unmount();
    }
  });
});

test("a full disk: writes answer 503 with Retry-After, /healthz says 503 until space is freed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const disk = mountSmallDisk();
  test.skip("refused" in disk, "refused" in disk ? disk.refused : "");
  if ("refused" in disk) return;
  let server: RunningServer | undefined;
  try {
    server = await startServer({ databasePath: path.join(disk.folder, "app.db") });
    expect(await healthStatus(server)).toBe(200);
    const filler = fillDisk(disk.folder);

    expect(await healthStatus(server)).toBe(503);

    // Sign-up: the site's error page, saying what is wrong and that it will pass.
    await page.goto(`${server.url}/admin/auth?mode=signup`);
    await page.getByRole("textbox", { name: "Email" }).fill("newcomer@example.org");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("a long passphrase");
    const signUp = postAnswer(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    const signUpAnswer = await signUp;
    expect(signUpAnswer.status()).toBe(503);
    expect(await signUpAnswer.headerValue("retry-after")).toBe("60");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temporarily unavailable");
    await expect(page.locator("main")).toContainText("Please try again in a few minutes");

    // Contact: the form stays, with its own message, as it did for any storage failure.
    await page.goto(`${server.url}/contact`);
    const form = page.locator("main form");
    await form.getByRole("textbox", { name: "Full Name", exact: true }).fill("Dana Reyes");
    await form
      .getByRole("textbox", { name: "Email Address", exact: true })
      .fill("dana@example.org");
    await form.getByRole("textbox", { name: "Message", exact: true }).fill("Our intake is slow.");
    const contact = postAnswer(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    const contactAnswer = await contact;
    expect(contactAnswer.status()).toBe(503);
    expect(await contactAnswer.headerValue("retry-after")).toBe("60");
    await expect(page.getByRole("alert")).toContainText(
      "Failed to send message. Please try again.",
    );

    // A resource route's write (a click on a call to action): React Router's 500 becomes 503.
    const label = encodeURIComponent("Schedule Discovery Call");
    const click = await fetch(`${server.url}/cta-clicks?source=${label}&path=%2F`, {
      method: "POST",
      headers: { Origin: server.url },
    });
    expect(click.status).toBe(503);
    expect(click.headers.get("retry-after")).toBe("60");

    expect(server.logs.join("\n")).toContain('"event":"storage_unavailable","code":"SQLITE_FULL"');

    fs.rmSync(filler);
    expect(await healthStatus(server)).toBe(200);
  } finally {
    await server?.stop();
    disk.unmount();
  }
});

test("a LiteFS replica, whose copy only the primary writes, stays healthy on a full disk", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  const disk = mountSmallDisk();
  test.skip("refused" in disk, "refused" in disk ? disk.refused : "");
  if ("refused" in disk) return;
  const databasePath = path.join(disk.folder, "app.db");
  // On LiteFS mail goes to SMTP and share cards to a folder of their own; nothing is sent or drawn
  // here (no mail is queued, a replica sends none).
  const env = {
    LITEFS_DIR: disk.folder,
    SMTP_URL: "smtp://127.0.0.1:9",
    MEDIA_DIR: scratchDirectory("replica-media"),
  };
  let replica: RunningServer | undefined;
  try {
    // The primary creates the database; then this machine becomes a replica (see litefs-replica.spec.ts).
    await (await startServer({ databasePath, env })).stop();
    fs.writeFileSync(path.join(disk.folder, ".primary"), "primary-machine\n");
    replica = await startServer({ databasePath, env });
    fillDisk(disk.folder);
    expect(await healthStatus(replica)).toBe(200);
  } finally {
    await replica?.stop();
    disk.unmount();
  }
});
