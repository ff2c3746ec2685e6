// Knowing the LiteFS primary (app/lib/litefs.server.ts) and replaying writes to it
// (server/litefs.ts), with real `.primary` files in a scratch folder and a real Express server on
// 127.0.0.1.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { currentPrimary } from "~/lib/litefs.server";
import { replayWritesToPrimary, writesToDatabase } from "../server/litefs.ts";

const litefsDir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
const primaryFile = path.join(litefsDir, ".primary");
const becomeReplica = (host = "primary-machine") => fs.writeFileSync(primaryFile, `${host}\n`);
const becomePrimary = () => fs.rmSync(primaryFile, { force: true });
afterAll(() => fs.rmSync(litefsDir, { recursive: true, force: true }));

describe("currentPrimary", () => {
  test("without a LiteFS folder this machine is the only one and writes itself", () => {
    expect(currentPrimary(undefined)).toBeNull();
    expect(currentPrimary("")).toBeNull();
  });

  test("no .primary file: this machine holds the lease", () => {
    becomePrimary();
    expect(currentPrimary(litefsDir)).toBeNull();
  });

  test("a .primary file names the primary's host, without its newline", () => {
    becomeReplica("3d8d9e5b1c2e89");
    expect(currentPrimary(litefsDir)).toBe("3d8d9e5b1c2e89");
  });

  test("an empty .primary file names nobody", () => {
    fs.writeFileSync(primaryFile, "\n");
    expect(currentPrimary(litefsDir)).toBeNull();
  });
});

describe("writesToDatabase", () => {
  test.each([
    ["GET", "/", false],
    ["HEAD", "/", false],
    ["OPTIONS", "/contact", false],
    ["GET", "/insights", false],
    ["GET", "/insights/42", false],
    ["GET", "/contact", false],
    ["GET", "/contact.data", false],
    ["GET", "/administrator", false],
    ["GET", "/efficiency-assessment-guide", false],
    ["POST", "/contact", true],
    ["POST", "/cta-clicks", true],
    ["PUT", "/", true],
    ["PATCH", "/admin/blog", true],
    ["DELETE", "/admin/blog", true],
    ["GET", "/admin", true],
    ["GET", "/admin/blog", true],
    ["HEAD", "/admin/leads", true],
    ["GET", "/admin/confirm", true],
    ["GET", "/admin.data", true],
    ["GET", "/efficiency-assessment", false],
    ["HEAD", "/efficiency-assessment", false],
    ["GET", "/efficiency-assessment.data", false],
    ["POST", "/efficiency-assessment", true],
  ])("%s %s -> %s", (method, pathname, expected) => {
    expect(writesToDatabase(method, pathname)).toBe(expected);
  });
});

describe("replayWritesToPrimary on a live server", () => {
  let origin = "";
  let close = () => {};
  const replayedTo: string[] = [];
  const reached: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(replayWritesToPrimary({ litefsDir, onReplay: (host) => replayedTo.push(host) }));
    app.all("/{*path}", (request, response) => {
      reached.push(`${request.method} ${request.path}`);
      response.type("text/plain").send("handled here");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  test("on a replica, a write is answered with fly-replay to the primary and never handled", async () => {
    becomeReplica("primary-machine");
    reached.length = 0;
    const response = await fetch(`${origin}/contact`, { method: "POST", body: "x=1" });
    expect(response.status).toBe(409);
    expect(response.headers.get("fly-replay")).toBe("instance=primary-machine");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(reached).toEqual([]);
    expect(replayedTo).toContain("primary-machine");

    const adminPage = await fetch(`${origin}/admin/blog`);
    expect(adminPage.headers.get("fly-replay")).toBe("instance=primary-machine");
    expect(reached).toEqual([]);
  });

  test("on a replica, reads are served locally", async () => {
    becomeReplica("primary-machine");
    reached.length = 0;
    const response = await fetch(`${origin}/insights`);
    expect(response.status).toBe(200);
    expect(response.headers.get("fly-replay")).toBeNull();
    expect(reached).toEqual(["GET /insights"]);
  });

  test("after a failover the new primary handles writes itself", async () => {
    becomePrimary();
    reached.length = 0;
    const response = await fetch(`${origin}/contact`, { method: "POST", body: "x=1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("fly-replay")).toBeNull();
    expect(reached).toEqual(["POST /contact"]);
  });

  test("without LiteFS nothing is replayed", async () => {
    const app = express();
    app.use(replayWritesToPrimary({ litefsDir: undefined }));
    app.post("/contact", (_request, response) => response.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      becomeReplica();
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/contact`, { method: "POST" });
      expect(response.status).toBe(200);
    } finally {
      server.close();
    }
  });
});
