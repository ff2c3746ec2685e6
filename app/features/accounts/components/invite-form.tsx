// An owner invites a colleague: one email address; the colleague gets a link that sets their
// password and signs them in as an admin.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/form-action.server";
import { INVITATION_LIFETIME_DAYS, INVITE_INTENT, invitationSchema } from "../invitation-fields";

export function InviteForm({ lastResult }: { lastResult: FormReply["result"] | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: { email: { required: true } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 max-w-md space-y-4">
      <input type="hidden" name="intent" value={INVITE_INTENT} />
      <p className="text-ink-soft">
        {`We email your colleague a link that works once, for ${INVITATION_LIFETIME_DAYS} days: it sets their password and signs them in as an admin, with no approval needed.`}
      </p>
      <FormField label="Colleague's email" required field={fields.email}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="off"
          className={inputClass}
        />
      </FormField>
      <Button type="submit" variant="primary" disabled={navigation.state === "submitting"}>
        Send invitation
      </Button>
    </Form>
  );
}
