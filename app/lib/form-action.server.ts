// The start of every action that reads a form: the caller's rate limit, the body within its
// route's limit, and conform's parse against the route's zod schema. Each refusal comes back as a
// value with its 4xx status and the notice to show, never as an exception, so no input can make
// an action answer 500. Cross-site posts never get this far: server.ts refuses them first
// (server/security.ts), and React Router checks the Origin of every action again.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type * as z from "zod/v4/core";
import { logEvent } from "./log.server";
import { rateLimiter, type RateLimitName } from "./rate-limit.server";
import { clientIpOf } from "./request-context";
import { BadRequestBodyError, readBody, readFormData } from "./request.server";
import { makeToast, type Toast } from "./toast";

/** What a visitor sees past a rate limit, unless the form words it for its own case. */
export const tooManyAttemptsNotice = {
  title: "Too many attempts",
  description: "There have been too many attempts. Please wait a few minutes and try again.",
};

/**
 * A form refused past a rate limit, in the common shape: the fields as conform's result (without
 * what must not be sent back), the "Too many attempts" notice, and when to try again.
 */
export function tooManyAttemptsReply(
  retryAfterSeconds: number,
  result: FormReply["result"] = null,
  headers: Record<string, string> = {},
) {
  const { title, description } = tooManyAttemptsNotice;
  return data<FormReply>(
    { result, notice: makeToast("error", title, description) },
    { status: 429, headers: { ...headers, "Retry-After": String(retryAfterSeconds) } },
  );
}

/** A form refused before its fields were looked at. */
export type FormRefusal = {
  status: 400 | 413 | 415 | 429;
  notice: Toast;
  headers: Record<string, string>;
};

/** What a form's action answers in the common shape: conform's result and a notice. */
export type FormReply = { result: SubmissionResult<string[]> | null; notice: Toast | null };

/** An action's arguments; the context (the client's address) is needed only to rate limit. */
type ActionArgs = { request: Request; context?: Readonly<RouterContextProvider> };

/**
 * Counts the post against `rateLimit` (per client address) and reads its body within the
 * route's limit. `tooMany` is the notice a visitor sees past the limit.
 */
export async function readForm(
  { request, context }: ActionArgs,
  options: { rateLimit?: RateLimitName; tooMany?: { title: string; description: string } } = {},
): Promise<{ formData: FormData; refused?: never } | { refused: FormRefusal }> {
  if (options.rateLimit) {
    if (!context) throw new Error("A rate-limited form needs the request context");
    const clientIp = clientIpOf(context);
    const decision = await rateLimiter(options.rateLimit).hit(clientIp);
    if (!decision.allowed) {
      logEvent("warn", "rate_limited", { path: new URL(request.url).pathname, clientIp });
      const { title, description } = options.tooMany ?? tooManyAttemptsNotice;
      return {
        refused: {
          status: 429,
          notice: makeToast("error", title, description),
          headers: { "Retry-After": String(decision.retryAfterSeconds) },
        },
      };
    }
  }
  try {
    return { formData: await readFormData(request) };
  } catch (error) {
    if (!(error instanceof BadRequestBodyError)) throw error;
    return {
      refused: {
        status: error.status,
        notice: makeToast("error", "Error", error.message),
        headers: {},
      },
    };
  }
}

/** A refusal answered in the common shape, with the route's own headers added. */
export function refusedForm(refused: FormRefusal, headers: Record<string, string> = {}) {
  return data<FormReply>(
    { result: null, notice: refused.notice },
    { status: refused.status, headers: { ...headers, ...refused.headers } },
  );
}

/** A form refused with a notice alone, as no field is at fault: "Error", and why. */
export function refusedWithNotice(
  status: number,
  description: string,
  headers: Record<string, string> = {},
) {
  return data<FormReply>(
    { result: null, notice: makeToast("error", "Error", description) },
    { status, headers },
  );
}

/**
 * The fields against `schema`. Fields that fail come back as a 400 with conform's result, so each
 * message shows at its field; the fields in `hideFields` (a password) are never sent back.
 */
export function parseFields<Schema extends z.$ZodType>(
  formData: FormData,
  schema: Schema,
  { hideFields, headers }: { hideFields?: string[]; headers?: Record<string, string> } = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return {
      refused: data<FormReply>(
        { result: submission.reply({ hideFields }), notice: null },
        { status: 400, headers },
      ),
    };
  }
  return { submission, value: submission.value };
}

/** Fields that passed their checks but were refused on their merits: the message at its field. */
export function refusedAtField(
  submission: {
    reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;
  },
  field: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return data<FormReply>(
    { result: submission.reply({ fieldErrors: { [field]: [message] } }), notice: null },
    { status: 400, headers },
  );
}

/** `readForm`, then `parseFields` against the schema (or the one the form itself asks for). */
export async function parseForm<Schema extends z.$ZodType>(
  args: ActionArgs,
  options: Parameters<typeof readForm>[1] & {
    schema: Schema | ((formData: FormData) => Schema);
    hideFields?: string[];
    /** Headers of every refusal (an admin page's `no-store`). */
    headers?: Record<string, string>;
  },
) {
  const read = await readForm(args, options);
  if (read.refused) return { refused: refusedForm(read.refused, options.headers) };
  const { formData } = read;
  const schema = typeof options.schema === "function" ? options.schema(formData) : options.schema;
  return { formData, ...parseFields(formData, schema, options) };
}

/**
 * The start of an action whose body is not a form (a click beacon, or the `ping` of a link): the
 * caller's rate limit, then the body read within the route's limit and dropped. Refused with the
 * bare status a beacon gets, as nobody reads its answer.
 */
export async function readBeacon(
  { request, context }: Required<ActionArgs>,
  { rateLimit }: { rateLimit: RateLimitName },
): Promise<{ refused: 400 } | { refused: 429; retryAfterSeconds: number } | { refused?: never }> {
  const decision = await rateLimiter(rateLimit).hit(clientIpOf(context));
  if (!decision.allowed) return { refused: 429, retryAfterSeconds: decision.retryAfterSeconds };
  try {
    await readBody(request);
    return {};
  } catch (error) {
    if (!(error instanceof BadRequestBodyError)) throw error;
    return { refused: 400 };
  }
}
