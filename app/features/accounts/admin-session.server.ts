// Staff sessions: a random id in a signed cookie, its hash in the sessions table. Sessions slide
// on activity, end after 2 idle hours or 7 days at most, and end at once on sign-out. A session
// still awaiting its two-factor code opens nothing but the page that asks for it.
import {
  createContext,
  createCookie,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import {
  deleteSession,
  deleteStaleSessions,
  findSession,
  insertSession,
  touchSession,
} from "./session-queries.server";
import { findUserById, type User } from "./user-queries.server";
import { newSecretToken, secretTokenHash as hashOf } from "./secret-tokens.server";
import { needsTwoFactorSetup } from "./two-factor-requirement.server";
import { signedCookieOptions } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { logIfStorageFailure } from "~/lib/storage-failure.server";
import { makeToast, type Toast } from "~/lib/toast";
import { ABSOLUTE_LIMIT_MS, IDLE_TIMEOUT_MS, SECOND_FACTOR_LIMIT_MS } from "./session-limits";

// Writing last-seen on every request would make each page view a database write.
const TOUCH_INTERVAL_MS = 60 * 1000;

const sessionCookie = createCookie("admin_session", {
  ...signedCookieOptions("admin_session"),
  maxAge: ABSOLUTE_LIMIT_MS / 1000,
});

async function sessionIdOf(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** May this account use the admin? Confirmed, and on the allowlist or approved by an admin. */
export function hasAdminRights(user: User): boolean {
  if (!user.confirmedAt) return false;
  return user.approvedAt !== null || env.ADMIN_EMAILS.includes(user.email);
}

/** How a staff member proved who they are, as the audit log records a sign-in. */
export type SignInMethod = "password" | "two-factor" | "passkey" | "invitation";

/**
 * Starts a session for the user and returns its Set-Cookie header. The session the request came
 * with, if any, ends: the id always changes at sign-in, and again once the second factor passes.
 * A full sign-in (`signedIn`) is recorded in the audit log with the session it opens.
 */
export async function startSession(
  request: Request,
  userId: number,
  now = new Date(),
  {
    awaitingSecondFactor = false,
    signedIn,
  }: { awaitingSecondFactor?: boolean; signedIn?: { by: AuditSource; method: SignInMethod } } = {},
) {
  const previous = await sessionIdOf(request);
  const id = newSecretToken();
  const lifetime = awaitingSecondFactor ? SECOND_FACTOR_LIMIT_MS : ABSOLUTE_LIMIT_MS;
  db.transaction((tx) => {
    if (previous) deleteSession(tx, hashOf(previous));
    deleteStaleSessions(tx, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
    insertSession(tx, {
      idHash: hashOf(id),
      userId,
      now,
      expiresAt: new Date(now.getTime() + lifetime),
      awaitingSecondFactor,
    });
    if (signedIn) {
      const { by, method } = signedIn;
      recordAudit(tx, {
        action: "session.sign_in",
        ...by,
        target: `user:${userId}`,
        details: { method },
        at: now,
      });
    }
  });
  return sessionCookie.serialize(id);
}

/** The request's live session and its user, or null; an expired or idle one is removed. */
export async function currentSession(request: Request, now = new Date()) {
  const id = await sessionIdOf(request);
  if (!id) return null;
  const idHash = hashOf(id);
  const session = findSession(db, idHash);
  if (!session) return null;
  const idle = now.getTime() - session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  if (idle || now >= session.expiresAt) {
    deleteSession(db, idHash);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    touchSession(db, idHash, now);
  }
  const user = findUserById(db, session.userId);
  return user ? { ...session, user } : null;
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof currentSession>>>;

/** What React Router hands a loader or an action: the request, and the request's context. */
type RequestArgs = { request: Request; context: Pick<RouterContextProvider, "get"> };

// The session as this request's loaders read it, once between them. Null where no middleware set
// it: route tests call loaders and actions directly, and those read the session for themselves.
const loadersSession = createContext<{ read: Promise<LiveSession | null> | null } | null>(null);

/**
 * The admin layout's middleware: the layout (who is signed in) and the page below it (its guard)
 * share one read of the session, instead of parsing the cookie and looking it up twice.
 */
export const readSessionOncePerRequest: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(loadersSession, { read: null });
  return next();
};

const isPageRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The request's session. Loaders share the first read. An action reads for itself and leaves
 * nothing behind: it may sign in, sign out or change the account, and the loaders React Router
 * then runs in the same request (a form posted without JavaScript) are handed a GET request of
 * their own and read the session as the action left it. Actions always run before loaders, so the
 * shared read never predates a write.
 */
function sessionOf({ request, context }: RequestArgs, now: Date) {
  const shared = context.get(loadersSession);
  if (shared === null || !isPageRequest(request)) return currentSession(request, now);
  return (shared.read ??= currentSession(request, now));
}

/** The signed-in user, or null: a session still awaiting its two-factor code is nobody yet. */
export async function currentUser(args: RequestArgs, now = new Date()): Promise<User | null> {
  const session = await sessionOf(args, now);
  return session && !session.awaitingSecondFactor ? session.user : null;
}

/** The user whose password was right and whose two-factor code is still to come, or null. */
export async function userAwaitingSecondFactor(args: RequestArgs, now = new Date()) {
  const session = await sessionOf(args, now);
  return session?.awaitingSecondFactor ? session.user : null;
}

/**
 * Ends the request's session: its row deleted and the cookie cleared, and the sign-out of whoever
 * it was recorded with the delete. When the disk refuses the delete, nothing pretends otherwise:
 * the session stays, and the caller says it did not end.
 */
export async function endSession(
  request: Request,
  clientIp: string,
): Promise<{ ended: true; clearedCookie: string } | { ended: false }> {
  const id = await sessionIdOf(request);
  try {
    if (id) {
      db.transaction((tx) => {
        const session = deleteSession(tx, hashOf(id));
        if (!session) return;
        const user = findUserById(tx, session.userId);
        if (!user || session.awaitingSecondFactor) return;
        recordAudit(tx, {
          action: "session.sign_out",
          actor: { id: user.id, email: user.email },
          target: `user:${user.id}`,
          ipAddress: clientIp,
        });
      });
    }
  } catch (error) {
    if (!logIfStorageFailure(error, request)) throw error;
    return { ended: false };
  }
  return { ended: true, clearedCookie: await sessionCookie.serialize("", { maxAge: 0 }) };
}

/** Where a signed-in account starts: waiting, setting up two-factor sign-in, or the blog. */
export function landingPageOf(user: User) {
  if (!hasAdminRights(user)) return "/admin/waiting";
  return needsTwoFactorSetup(user) ? "/admin/security" : "/admin/blog";
}

/**
 * What a sign-in says where it lands: welcome back to an admin; to an account that waits for
 * approval (one just confirmed, most often), that it is signed in and still waits.
 */
export function signedInNotice(user: User): Toast {
  return hasAdminRights(user)
    ? makeToast("success", "Welcome back!", "You've been signed in successfully.")
    : makeToast("success", "Signed in", "An owner still has to approve your account.");
}

const TWO_FACTOR_SETUP_FIRST = "Please turn on two-factor sign-in first: every admin needs it.";

/**
 * The guard of every admin loader and action: returns the signed-in admin, or throws a redirect
 * to sign in (pages) or a 401/403 (actions). Nothing of the admin is ever answered otherwise.
 * Where the owner requires two-factor sign-in, an admin without it is sent to set it up first;
 * only the page that sets it up passes `settingUpSecondFactor`.
 */
export async function requireAdmin(
  args: RequestArgs,
  { settingUpSecondFactor = false } = {},
): Promise<User> {
  const { request } = args;
  const user = await currentUser(args);
  if (!user) {
    if (isPageRequest(request)) throw redirect("/admin/auth");
    throw data({ error: "Please sign in." }, { status: 401 });
  }
  if (!hasAdminRights(user)) {
    if (isPageRequest(request)) throw redirect("/admin/waiting");
    throw data({ error: "Your account is waiting for approval." }, { status: 403 });
  }
  if (!settingUpSecondFactor && needsTwoFactorSetup(user)) {
    if (isPageRequest(request)) throw redirect("/admin/security");
    throw data({ error: TWO_FACTOR_SETUP_FIRST }, { status: 403 });
  }
  return user;
}
