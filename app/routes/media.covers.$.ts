// /media/covers/<id>/<file>: a cover's resized files, from the database, so that every machine of
// a LiteFS cluster serves what any of them stored (docs/decisions/041-media-in-sqlite.md).
import type { Route } from "./+types/media.covers.$";
import { coverFileResponse } from "~/features/covers/index.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return coverFileResponse(request, `covers/${params["*"]}`);
}
