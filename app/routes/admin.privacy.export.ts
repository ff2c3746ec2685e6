// The JSON download of everything held about one address (decision 069 describes its shape), for
// any admin; each export is in the audit log.
import type { Route } from "./+types/admin.privacy.export";
import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/index.server";
import { requestedAddress } from "~/features/privacy";
import { exportPersonalData } from "~/features/privacy/index.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const address = requestedAddress(url.searchParams.get("email"));
  if (address === null || "error" in address) {
    throw data(address?.error ?? "Please say which address to export.", {
      status: 400,
      headers: noStore,
    });
  }
  const document = exportPersonalData(address.email, {
    id: admin.id,
    email: admin.email,
    ipAddress: clientIpOf(context),
  });
  logEvent("info", "privacy_exported", { by: admin.id });
  const day = document.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
      ...noStore,
    },
  });
}
