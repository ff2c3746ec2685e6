// Covers as server.ts serves them (server/media.ts behind the site's security headers), the files
// storeCover wrote found at the addresses the pages use, and the blog form's body limit.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { COVER_LIMITS, coverImageUrl, coverShareImageUrl } from "~/features/covers";
import { storeCover } from "~/features/covers/index.server";
import { mediaRoot } from "~/lib/media-storage.server";
import { bodyLimitFor } from "../server/body-limits.ts";
import { mediaFolder, serveCovers } from "../server/media.ts";
import { securityHeaders } from "../server/security.ts";

let origin = "";
let server: http.Server;
let coverId = "";

beforeAll(async () => {
  const jpeg = await sharp({
    create: { width: 1000, height: 600, channels: 3, background: "#2a6f97" },
  })
    .jpeg()
    .toBuffer();
  const stored = await storeCover(new File([new Uint8Array(jpeg)], "cover.jpg"));
  if (!stored.ok) throw new Error(stored.message);
  coverId = stored.cover.id;

  const app = express();
  app.use(securityHeaders({ https: false }));
  app.use("/media/covers", serveCovers(path.join(mediaFolder(), "covers")));
  app.use((_request, response) => response.status(418).send("reached the app"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

test("server.ts finds the media folder where the app writes it", () => {
  expect(mediaFolder()).toBe(mediaRoot);
  expect(mediaFolder({ DATABASE_PATH: "/var/data/site.db" })).toBe("/var/data/media");
  expect(mediaFolder({ DATABASE_PATH: "/var/data/site.db", MEDIA_DIR: " /mnt/media " })).toBe(
    "/mnt/media",
  );
  expect(mediaFolder({ MEDIA_DIR: "  " })).toBe(path.resolve("data/media"));
});

test.each([
  [() => coverImageUrl(coverId, 960, "avif"), "image/avif"],
  [() => coverImageUrl(coverId, 480, "webp"), "image/webp"],
  [() => coverShareImageUrl(coverId), "image/jpeg"],
])("a cover's file is served for a year, as itself", async (url, type) => {
  const response = await fetch(origin + url());
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe(type);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const file = path.join(mediaRoot, "covers", url().replace("/media/covers/", ""));
  expect(Buffer.from(await response.arrayBuffer())).toEqual(fs.readFileSync(file));
});

test.each([
  ["a missing file", () => `/media/covers/${coverId}/2400.avif`],
  ["a missing cover", () => "/media/covers/0123456789abcdef0123456789abcdef/480.avif"],
  ["a cover's folder", () => `/media/covers/${coverId}/`],
  ["the covers' folder", () => "/media/covers/"],
  ["an upload still being written", () => "/media/covers/.uploads/x/480.avif"],
  ["a way out of the folder", () => "/media/covers/%2e%2e/%2e%2e/media/covers/x"],
])("%s is a plain 404, never a listing nor the app's page", async (_label, url) => {
  fs.mkdirSync(path.join(mediaRoot, "covers", ".uploads", "x"), { recursive: true });
  fs.writeFileSync(path.join(mediaRoot, "covers", ".uploads", "x", "480.avif"), "half written");
  const response = await fetch(origin + url());
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("There is no such image.");
});

test("the blog form's body limit takes a long post with the largest cover", () => {
  const post = 512 * 1024;
  expect(bodyLimitFor("/admin/blog")).toBeGreaterThanOrEqual(post + COVER_LIMITS.maxBytes);
});
