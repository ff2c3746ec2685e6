// The admin's one-button forms (approve, revoke, retry, mark as handled): which button was
// pressed, on which record. Anything else gets a 4xx answer, never an exception.
import { data } from "react-router";
import { readForm } from "./form-action.server";

type Refused = { refused: ReturnType<typeof data<{ error: string }>> };

/** A press of one button: on a record, or, for the intents that need none, on all of them. */
type Pressed<Intent extends string, AllIntent extends string> =
  | { intent: Intent; id: number }
  | ([AllIntent] extends [never] ? never : { intent: AllIntent; id: null });

export async function readButtonForm<Intent extends string, AllIntent extends string = never>(
  request: Request,
  options: ButtonOptions<Intent, AllIntent>,
): Promise<Pressed<Intent, AllIntent> | Refused> {
  const read = await readForm({ request });
  if (read.refused) {
    return {
      refused: data({ error: read.refused.notice.description }, { status: read.refused.status }),
    };
  }
  return pressedButton(read.formData, options);
}

type ButtonOptions<Intent extends string, AllIntent extends string> = {
  intents: readonly Intent[];
  /** Buttons that act on every record at once ("Send all now"), so post no id. */
  intentsWithoutId?: readonly AllIntent[];
  idField?: string;
  refusal: string;
};

/** The button pressed in a form already read, for a page whose forms are not all buttons. */
export function pressedButton<Intent extends string, AllIntent extends string = never>(
  formData: FormData,
  { intents, intentsWithoutId = [], idField = "id", refusal }: ButtonOptions<Intent, AllIntent>,
): Pressed<Intent, AllIntent> | Refused {
  const intent = formData.get("intent");
  if (intentsWithoutId.includes(intent as AllIntent)) {
    return { intent: intent as AllIntent, id: null } as Pressed<Intent, AllIntent>;
  }
  const id = Number(formData.get(idField));
  if (!intents.includes(intent as Intent) || !Number.isSafeInteger(id)) {
    return { refused: data({ error: refusal }, { status: 400 }) };
  }
  return { intent: intent as Intent, id };
}
