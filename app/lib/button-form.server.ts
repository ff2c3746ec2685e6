// The admin's one-button forms (approve, revoke, retry, mark as handled): which button was
// pressed, on which record. Anything else gets a 4xx answer, never an exception.
import { data } from "react-router";
import { readForm } from "./form-action.server";

type Refused = { refused: ReturnType<typeof data<{ error: string }>> };

export async function readButtonForm<Intent extends string>(
  request: Request,
  {
    intents,
    idField = "id",
    refusal,
  }: { intents: readonly Intent[]; idField?: string; refusal: string },
): Promise<{ intent: Intent; id: number } | Refused> {
  const read = await readForm({ request });
  if (read.refused) {
    return {
      refused: data({ error: read.refused.notice.description }, { status: read.refused.status }),
    };
  }
  const { formData } = read;
  const intent = formData.get("intent");
  const id = Number(formData.get(idField));
  if (!intents.includes(intent as Intent) || !Number.isSafeInteger(id)) {
    return { refused: data({ error: refusal }, { status: 400 }) };
  }
  return { intent: intent as Intent, id };
}
