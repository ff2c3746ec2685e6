// Reads a request body defensively: a size cap, and a clear failure for anything but a form.
import { bodyLimitFor } from "./body-limits.server";

export class BadRequestBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The most bytes of body this request's route accepts: server.ts holds every request to it. */
function bodyLimitOf(request: Request): number {
  return bodyLimitFor(new URL(request.url).pathname);
}

/**
 * The body's bytes, read no further than `maxBytes`, or BadRequestBodyError: 413 past the limit
 * (declared or counted as it arrives), 400 when the connection fails while it is read.
 */
export async function readBody(request: Request, maxBytes = bodyLimitOf(request)) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!(declared <= maxBytes)) throw new BadRequestBodyError(413, "The form is too large.");
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      // The body fails when its connection does: the client went away, or server.ts refused it.
      const { done, value } = await reader.read().catch(() => {
        throw new BadRequestBodyError(400, "The form could not be read.");
      });
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw new BadRequestBodyError(413, "The form is too large.");
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a form body within its route's limit, or throws BadRequestBodyError (never anything
 * else). The check here also covers the development server, which runs without server.ts.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const maxBytes = bodyLimitOf(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) {
    throw new BadRequestBodyError(415, "Please send the form from the page.");
  }
  const body = await readBody(request, maxBytes);
  try {
    return await new Response(body, {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    throw new BadRequestBodyError(400, "The form could not be read.");
  }
}
