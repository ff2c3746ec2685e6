// The answer of the two routes that hand the browser a passkey challenge: JSON the page's script
// reads, with the reason when it is refused. Each challenge is a database write, and the sign-in's
// are open to anyone, so they are limited per client address.
import type { RouterContextProvider } from "react-router";
import { readBeacon, tooManyAttemptsNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";

export async function passkeyOptionsResponse(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  makeOptions: () => Promise<object>,
) {
  const read = await readBeacon(args, { rateLimit: "passkeyChallengePerAddress" });
  if (read.refused === 429) {
    return Response.json(
      { error: tooManyAttemptsNotice.description },
      { status: 429, headers: { ...noStore, "Retry-After": String(read.retryAfterSeconds) } },
    );
  }
  if (read.refused) {
    return Response.json({ error: "Please use the button on the page." }, { status: 400 });
  }
  return Response.json({ options: await makeOptions() }, { headers: noStore });
}
