// Puts an assessment result into the browser's session cookie, signed as the server would sign it,
// so the results page can be shown for any score without walking the wizard each time.
import { createCookieSessionStorage } from "react-router";
import type { BrowserContext } from "@playwright/test";

export type StoredResult = {
  submissionId: number;
  firstName: string;
  efficiencyScore: number;
  bandScore: number;
  uncertainCount: number;
};

export async function giveResult(
  context: BrowserContext,
  origin: string,
  secret: string,
  result: StoredResult,
) {
  const storage = createCookieSessionStorage({ cookie: { name: "assessment", secrets: [secret] } });
  const session = await storage.getSession();
  session.set("result", result);
  const value = (await storage.commitSession(session)).split(";")[0]?.split("=")[1] ?? "";
  await context.addCookies([{ name: "assessment", value, url: origin }]);
}
