// Reads a request body defensively: a size cap, and a clear failure for anything but a form.
import type { AppLoadContext } from "react-router";

export class BadRequestBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Parses a form body of at most `maxBytes`, or throws BadRequestBodyError (never anything else). */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) {
    throw new BadRequestBodyError(415, "Please send the form from the page.");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BadRequestBodyError(413, "The form is too large.");

  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw new BadRequestBodyError(413, "The form is too large.");
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    throw new BadRequestBodyError(400, "The form could not be read.");
  }
}

declare module "react-router" {
  interface AppLoadContext {
    /** Set by server.js; absent under Vite's dev server. */
    clientIp?: string;
    /** This request's Content-Security-Policy nonce, set by server.js. */
    cspNonce?: string;
  }
}

export function clientIpOf(context: AppLoadContext): string {
  return context.clientIp ?? "unknown";
}
