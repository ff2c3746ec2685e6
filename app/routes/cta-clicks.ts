// Records one click on a call-to-action button: from a beacon (JavaScript) or a ping (without).
import type { Route } from "./+types/cta-clicks";

import { ctaClickSchema, insertCtaClick } from "~/features/cta-clicks/index.server";
import { newUserSession } from "~/lib/cta-beacon";
import { noStore } from "~/lib/headers";
import { readBeacon } from "~/lib/form-action.server";

const MAX_URL_LENGTH = 600;

export async function action(args: Route.ActionArgs) {
  const { request, url } = args;
  if (request.method !== "POST") return status(405);
  const read = await readBeacon(args, { rateLimit: "ctaClick" });
  if (read.refused) return status(read.refused);
  if (request.url.length > MAX_URL_LENGTH) return status(400);

  const query = url.searchParams;
  const fields: Record<string, string> = {};
  for (const [name, value] of query) {
    if (name in fields) return status(400);
    fields[name] = value;
  }
  const parsed = ctaClickSchema.safeParse(fields);
  if (!parsed.success) return status(400);

  insertCtaClick({
    ctaSource: parsed.data.source,
    pagePath: parsed.data.path,
    userSession: parsed.data.session ?? newUserSession(),
  });
  return status(204);
}

function status(code: number) {
  return new Response(null, { status: code, headers: noStore });
}
