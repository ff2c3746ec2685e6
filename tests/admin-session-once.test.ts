// The admin's session read once per request, on a real SQLite file: requests run through React
// Router's own request handling (its middleware, then the action, then the loaders) over the
// admin's real layout and pages, and every lookup of the session is counted.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import {
  createStaticHandler,
  type ActionFunctionArgs,
  type MiddlewareFunction,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { db } from "~/lib/db.server";
import { createRequestContext } from "~/lib/request-context";
import * as sessionQueries from "~/features/accounts/session-queries.server";
import { insertUser, type User } from "~/features/accounts/user-queries.server";
import { currentUser, endSession, requireAdmin } from "~/features/accounts/admin-session.server";
import * as adminLayout from "~/routes/admin";
import * as usersPage from "~/routes/admin.users";
import { signedIn } from "./support/staff";

const confirmed = new Date("2026-11-01T00:00:00Z");
let admin: User;

beforeAll(() => {
  admin = insertUser(db, {
    email: "once@example.org",
    passwordHash: "not used: these sessions are started directly",
    confirmedAt: confirmed,
    approvedAt: confirmed,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * An admin action that ends its session and answers data instead of leaving, so that React Router
 * runs the loaders in the same request, as it does for a form posted without JavaScript.
 */
async function endAndStay(args: ActionFunctionArgs) {
  const user = await requireAdmin(args);
  await endSession(args.request, "203.0.113.10");
  return { endedFor: user.id };
}

// The layout with its middleware, as app/routes.ts mounts it, over one of its pages and a page
// whose action ends the session without leaving.
const routes: RouteObject[] = [
  {
    id: "routes/admin",
    path: "/admin",
    // Data routes type a middleware's result as unknown; the server's, like this one, are Responses.
    middleware: adminLayout.middleware as MiddlewareFunction[],
    loader: adminLayout.loader,
    children: [
      {
        id: "routes/admin.users",
        path: "users",
        loader: usersPage.loader,
        action: usersPage.action,
      },
      {
        id: "ends-session",
        path: "ends-session",
        action: endAndStay,
        loader: (args) => currentUser(args),
      },
    ],
  },
];

/** Handles the request as the server does (middleware on), answering React Router's results. */
async function handle(request: Request) {
  let handled: StaticHandlerContext | Response | undefined;
  const answer = await createStaticHandler(routes).query(request, {
    requestContext: createRequestContext({ clientIp: "203.0.113.10" }),
    generateMiddlewareResponse: async (query) => {
      handled = await query(request);
      return handled instanceof Response ? handled : new Response(null);
    },
  });
  return handled ?? (answer as Response);
}

const requestTo = (path: string, cookie: string, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie } });

function countSessionLookups() {
  return vi.spyOn(sessionQueries, "findSession");
}

describe("one session read per admin request", () => {
  test("a page and the layout around it share one lookup of the session", async () => {
    const cookie = await signedIn(admin);
    const lookups = countSessionLookups();
    const page = await handle(requestTo("/admin/users", cookie));
    if (page instanceof Response) throw new Error(`expected the page, got ${page.status}`);
    expect(page.statusCode).toBe(200);
    expect(page.loaderData["routes/admin"]).toEqual({
      account: { email: "once@example.org", admin: true, owner: false },
    });
    expect(page.loaderData["routes/admin.users"]).toMatchObject({ me: admin.id });
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  test("without a live session a page sends the visitor to sign in and an action answers 401", async () => {
    const cookie = await signedIn(admin);
    await endSession(requestTo("/admin/sign-out", cookie, "POST"), "203.0.113.10");
    const lookups = countSessionLookups();
    const page = await handle(requestTo("/admin/users", cookie));
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("Location")).toBe("/admin/auth");
    expect(lookups).toHaveBeenCalledTimes(1);
    const post = await handle(requestTo("/admin/users", cookie, "POST"));
    if (post instanceof Response) throw new Error(`expected a refusal, got ${post.status}`);
    expect(post.statusCode).toBe(401);
  });

  test("the loaders after an action that ended the session see it ended", async () => {
    const cookie = await signedIn(admin);
    const lookups = countSessionLookups();
    const page = await handle(requestTo("/admin/ends-session", cookie, "POST"));
    if (page instanceof Response) throw new Error(`expected the page, got ${page.status}`);
    expect(page.actionData).toEqual({ "ends-session": { endedFor: admin.id } });
    expect(page.loaderData["routes/admin"]).toEqual({ account: null });
    expect(page.loaderData["ends-session"]).toBeNull();
    // The action's guard, then one read the loaders share once the action has run.
    expect(lookups).toHaveBeenCalledTimes(2);
  });
});
