// The contact form: conform shows each message at its field, from the browser's check once it has
// loaded and from the action's, which checks every post against the same schema either way.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { TextAreaField, TextInputField } from "~/components/ui/conform-fields";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { Toast } from "~/lib/toast";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { FORM_ID_FIELD, contactLimits, missingFieldMessages } from "../form";
import type { ContactValidation } from "../validation";

const loadContactValidation = () => import("../validation");

/**
 * The browser's check of the form, which brings zod and is needed only once someone fills the
 * form in: loaded on their first touch of it, not with the page. Until it arrives conform has no
 * `onValidate` and lets the form through to the action, which checks it against the same schema
 * and answers with the same messages, shown the same way.
 */
function useContactValidation() {
  const [validate, setValidate] = useState<ContactValidation>();
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    loadContactValidation().then(
      (module) => setValidate(() => module.validateContactMessage),
      () => {
        // Offline or a new deploy: the server still checks; try again on the next touch.
        requested.current = false;
      },
    );
  }, []);
  return { validate, load };
}

/** The action's answer to a post the page keeps showing: the fields' messages and a notice. */
export type ContactReply =
  { result: SubmissionResult<string[]> | null; notice: Toast | null } | undefined;

/**
 * The form with its state (conform's fields with the action's last reply, the browser's check
 * once it has loaded, the notice above the fields). The page loads it after its first scripts
 * (index.ts): conform is needed only as the form comes to life.
 */
export function ContactForm({ lastReply }: { lastReply: ContactReply }) {
  return <ContactFormFields {...useContactForm(lastReply)} />;
}

/**
 * The form's state for the page that shows it: conform's fields with the action's last reply, the
 * browser's check once it has loaded, and the notice to show above the fields.
 */
function useContactForm(lastReply: ContactReply) {
  const { validate, load: loadValidation } = useContactValidation();
  // The server checked a submission: the fields now revalidate as they change.
  useEffect(() => {
    if (lastReply?.result) loadValidation();
  }, [lastReply, loadValidation]);

  const [form, fields] = useForm({
    lastResult: lastReply?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });

  const missing = Object.values(form.allErrors)
    .flat()
    .some((message) => (Object.values(missingFieldMessages) as string[]).includes(message));
  const notice =
    lastReply?.notice ??
    (missing
      ? {
          // A fixed id: this notice is drawn on the server and again in the browser.
          id: "missing-information",
          type: "error" as const,
          title: "Missing Information",
          description: "Please fill in all required fields.",
        }
      : null);
  return { form, fields, notice, loadValidation, replied: lastReply !== undefined };
}

function ContactFormFields({
  form,
  fields,
  notice,
  loadValidation,
  replied,
}: ReturnType<typeof useContactForm>) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formKey = useKeyOfLastVisitWithoutReply(replied);
  return (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-2xl font-semibold text-navy">
        Send us a message
      </h2>
      {notice ? (
        <div className="mt-6" key={notice.id}>
          <ToastNotice toast={notice} />
        </div>
      ) : null}
      <Form
        method="post"
        key={formKey}
        {...getFormProps(form)}
        noValidate
        // A touch of a field focuses it (as, in most browsers, a click on Send Message does).
        onFocus={loadValidation}
        className="mt-6"
      >
        <fieldset disabled={sending} className="space-y-5">
          <legend className="sr-only">Your message</legend>
          <TextInputField
            label="Full Name"
            field={fields.fullName}
            required
            maxLength={contactLimits.fullName}
            type="text"
            autoComplete="name"
          />
          <TextInputField
            label="Email Address"
            field={fields.email}
            required
            maxLength={contactLimits.email}
            type="email"
            autoComplete="email"
          />
          <TextInputField
            label="Phone Number"
            field={fields.phone}
            maxLength={contactLimits.phone}
            type="tel"
            autoComplete="tel"
          />
          <TextAreaField
            label="Message"
            field={fields.message}
            required
            maxLength={contactLimits.message}
            rows={6}
          />
          <FormIdField />
          <HoneypotField />
          <button
            type="submit"
            className="inline-flex w-full items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-wait disabled:opacity-70 sm:w-auto"
          >
            {sending ? "Sending..." : "Send Message"}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}

/**
 * A successful send redirects back to the page with no reply from the action: the form remounts
 * then, so its fields start empty. A reply (a refused field, too many messages, storage down)
 * keeps the form mounted, since conform sends its values back only to fields that stay: a
 * remounted field would start from the first visit's empty value.
 */
function useKeyOfLastVisitWithoutReply(replied: boolean) {
  const location = useLocation();
  const [key, setKey] = useState(location.key);
  if (!replied && key !== location.key) setKey(location.key);
  return key;
}

/**
 * This showing of the form's id, drawn by the browser: the server's page is one copy for every
 * visitor (the page cache), so it posts the field empty and the action keys such posts by what was
 * typed. Inside the form, which remounts after each message sent, so the next one gets a new id.
 */
function FormIdField() {
  // No value prop: React would write it back over the id on the form's next render.
  return <input ref={fillInFormId} type="hidden" name={FORM_ID_FIELD} />;
}

/** Fills in a new id once, as the field joins the page (a stable ref: not on later renders). */
function fillInFormId(field: HTMLInputElement | null) {
  if (!field || field.value) return;
  // getRandomValues, unlike randomUUID, also works on a page served over plain HTTP.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  field.value = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
