// The log lines as they reach stdout: JSON with the level's name and an ISO time, and secrets
// redacted wherever they sit in the fields.
import { afterEach, expect, test } from "vitest";
import { captureLogLines } from "../../tests/support/logs";
import { logEvent } from "./log.server";

let logs: ReturnType<typeof captureLogLines>;
afterEach(() => logs.restore());

test("an event is one JSON line with its level, time, name and fields", () => {
  logs = captureLogLines();
  logEvent("warn", "rate_limited", { path: "/contact", clientIp: "192.0.2.1" });
  expect(logs.lines).toHaveLength(1);
  const line = JSON.parse(logs.lines[0] ?? "{}");
  expect(line).toEqual({
    level: "warn",
    time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    event: "rate_limited",
    path: "/contact",
    clientIp: "192.0.2.1",
  });
});

test.each([
  ["password", { password: "hunter2-hunter2" }],
  ["a password hash", { passwordHash: "hunter2-hunter2" }],
  ["a token", { token: "hunter2-hunter2" }],
  ["a cookie in headers", { headers: { cookie: "session=hunter2-hunter2" } }],
  ["an authorization header", { headers: { authorization: "Bearer hunter2-hunter2" } }],
  ["the SMTP URL", { smtpUrl: "smtp://user:hunter2-hunter2@mail.example" }],
])("%s never reaches the log", (_name, fields) => {
  logs = captureLogLines();
  logEvent("error", "something_failed", fields);
  expect(logs.lines.join("\n")).not.toContain("hunter2-hunter2");
  expect(logs.lines.join("\n")).toContain("[redacted]");
});
