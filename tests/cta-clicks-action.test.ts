import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { callsToAction } from "~/content/calls-to-action";
import { action } from "~/routes/cta-clicks";
import { ctaClickUrl, newUserSession } from "~/lib/cta-beacon";
import { callAction, seededRandom } from "./support/actions";

const origin = "http://localhost";
const clicks = () =>
  db.$client.prepare("select * from cta_clicks order by id").all() as Record<string, unknown>[];

function post(path: string, init: RequestInit = {}) {
  return new Request(`${origin}${path}`, { method: "POST", ...init });
}

function malformedRequests(): Request[] {
  const random = seededRandom(4242);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  const label = callsToAction.scheduleDiscoveryCall.label;
  const badLabels = ["", "Schedule discovery call", "<script>", "x".repeat(101), "Buy Now"];
  const badPaths = [
    "",
    "contact",
    "//evil.example",
    "/a b",
    "/%2e%2e/etc",
    "/x?y=1",
    "/" + "a".repeat(201),
    "javascript:alert(1)",
  ];
  const badSessions = [
    "",
    "session_1_abc",
    "session_17000000000000_ABC",
    "session_1700000000000_a",
    "sess",
  ];
  const requests: Request[] = [];
  for (let i = 0; requests.length < 200; i += 1) {
    const kind = i % 7;
    if (kind === 0)
      requests.push(post(`/cta-clicks?source=${encodeURIComponent(pick(badLabels))}&path=/`));
    else if (kind === 1)
      requests.push(
        post(
          `/cta-clicks?source=${encodeURIComponent(label)}&path=${encodeURIComponent(pick(badPaths))}`,
        ),
      );
    else if (kind === 2)
      requests.push(
        post(`${ctaClickUrl(label, "/")}&session=${encodeURIComponent(pick(badSessions))}`),
      );
    else if (kind === 3) requests.push(post(`${ctaClickUrl(label, "/")}&extra=1`));
    else if (kind === 4)
      requests.push(post(`${ctaClickUrl(label, "/")}&source=${encodeURIComponent(label)}`));
    else if (kind === 5)
      requests.push(
        post(ctaClickUrl(label, "/"), { body: "x".repeat(65 + Math.floor(random() * 100_000)) }),
      );
    else
      requests.push(
        post(
          pick([
            "/cta-clicks",
            "/cta-clicks?path=/",
            `/cta-clicks?source=${encodeURIComponent(label)}`,
          ]),
        ),
      );
  }
  return requests;
}

describe("the CTA click endpoint", () => {
  test("answers 200 malformed requests with 4xx and stores nothing", async () => {
    for (const [index, request] of malformedRequests().entries()) {
      const { status } = await callAction(action, request, `198.51.100.${index % 200}`);
      expect(status, `request ${index}: ${request.url}`).toBeGreaterThanOrEqual(400);
      expect(status, `request ${index}: ${request.url}`).toBeLessThan(500);
    }
    expect(clicks()).toEqual([]);
  });

  test("records a beacon's click with the browser's session id", async () => {
    const session = newUserSession();
    const { status } = await callAction(
      action,
      post(ctaClickUrl(callsToAction.meetTheFullTeam.label, "/", session)),
    );
    expect(status).toBe(204);
    expect(clicks().at(-1)).toMatchObject({
      cta_source: "Meet the Full Team",
      page_path: "/",
      user_session: session,
    });
  });

  test("records a ping's click (body PING, no session) with a fresh server-made session id", async () => {
    const url = ctaClickUrl(callsToAction.scheduleMyConsultation.label, "/solutions");
    for (let i = 0; i < 2; i += 1) {
      const { status } = await callAction(
        action,
        post(url, { body: "PING", headers: { "Content-Type": "text/ping" } }),
      );
      expect(status).toBe(204);
    }
    const [first, second] = clicks().slice(-2);
    expect(first).toMatchObject({
      cta_source: "Schedule My Consultation",
      page_path: "/solutions",
    });
    expect(first?.user_session).toMatch(/^session_\d{13}_[a-z0-9]{6,12}$/);
    expect(first?.user_session).not.toBe(second?.user_session);
  });
});

test.each([
  [1_795_000_000_000, 0.123456789, /^session_1795000000000_[a-z0-9]{6,9}$/],
  [1_795_000_000_000, 0, /^session_1795000000000_000000$/],
])("newUserSession(%i, %d) has the spec's form", (now, random, pattern) => {
  expect(newUserSession(now, () => random)).toMatch(pattern);
});
