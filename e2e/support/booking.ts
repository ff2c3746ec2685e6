// Booking from outside the browser: the open times /book lists, and a booking posted straight
// to a running server, as a browser's form would post it.

let posts = 0;

/** The addresses of the open times /book lists, soonest first. */
export async function openTimePaths(url: string): Promise<string[]> {
  const html = await (await fetch(`${url}/book`)).text();
  return [...html.matchAll(/href="(\/book\/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)"/g)].map(
    (match) => match[1]!,
  );
}

/** A visitor's details, each with an email of their own so the per-email limit stays out of it. */
export function visitorFields(name = "Grace Hopper") {
  posts += 1;
  return {
    fullName: name,
    email: `visitor.${process.pid}.${posts}@example.org`,
    company: "Brightline Freight",
    phone: "",
    topic: "Our month-end close takes two weeks.",
    timeZone: "America/Denver",
  };
}

/** Posts a booking from the site's own origin and its own client address; not redirected. */
export function postBooking(url: string, path: string, fields = visitorFields()) {
  posts += 1;
  return fetch(`${url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: url,
      "X-Forwarded-For": `10.38.${Math.floor(posts / 250) % 250}.${posts % 250}`,
    },
    body: new URLSearchParams(fields),
  });
}
