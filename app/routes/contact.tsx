// Contact: the form that stores a visitor's message and queues an email to the firm.
import type { Route } from "./+types/contact";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { data } from "react-router";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { FormField, inputClass } from "~/components/ui/form-field";
import { PageHero } from "~/components/ui/section";
import { ToastNotice } from "~/components/ui/toast-notice";
import { figures } from "~/content/figures";
import {
  HONEYPOT_FIELD,
  contactLimits,
  contactMessageSchema,
  loadContactValidation,
  missingFieldMessages,
  type ContactValidation,
} from "~/features/contact";
import { submitContactMessage } from "~/features/contact/index.server";
import { logEvent } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { parseFields, readForm, refusedForm, type FormReply } from "~/lib/form-action.server";
import { telHref, useSiteConfig } from "~/lib/site-config";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

const sentToast = () =>
  makeToast("success", "Message Sent!", "We'll get back to you within 24 hours.");

export async function action(args: Route.ActionArgs) {
  const read = await readForm(args, {
    rateLimit: "contact",
    tooMany: {
      title: "Too many messages",
      description:
        "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.",
    },
  });
  if (read.refused) return refusedForm(read.refused);

  if (read.formData.get(HONEYPOT_FIELD)) {
    // Answer a bot exactly as a person, so it learns nothing; store and send nothing.
    logEvent("warn", "honeypot_triggered", { path: "/contact" });
    return redirectWithToast("/contact", sentToast());
  }

  const parsed = parseFields(read.formData, contactMessageSchema);
  if (parsed.refused) return parsed.refused;

  try {
    await submitContactMessage(parsed.value);
  } catch (error) {
    logEvent("error", "contact_message_not_stored", { message: String(error) });
    return data<FormReply>(
      {
        result: parsed.submission.reply(),
        notice: makeToast("error", "Error", "Failed to send message. Please try again."),
      },
      { status: 503 },
    );
  }
  return redirectWithToast("/contact", sentToast());
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact",
    description: `Tell us where work slows down in your business. Send a message or call us; we reply within ${figures.replyWithinHours} hours.`,
  });

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

export default function Contact() {
  const site = useSiteConfig();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { validate, load: loadValidation } = useContactValidation();
  // The server checked a submission: the fields now revalidate as they change.
  useEffect(() => {
    if (actionData?.result) loadValidation();
  }, [actionData, loadValidation]);

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: {
      fullName: { required: true, maxLength: contactLimits.fullName },
      email: { required: true, maxLength: contactLimits.email },
      phone: { required: false, maxLength: contactLimits.phone },
      message: { required: true, maxLength: contactLimits.message },
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });

  const missing = Object.values(form.allErrors)
    .flat()
    .some((message) => (Object.values(missingFieldMessages) as string[]).includes(message));
  const notice =
    actionData?.notice ??
    (missing
      ? {
          // A fixed id: this notice is drawn on the server and again in the browser.
          id: "missing-information",
          type: "error" as const,
          title: "Missing Information",
          description: "Please fill in all required fields.",
        }
      : null);

  return (
    <>
      <PageHero eyebrow="Contact" title="Let's Talk About Your Operations">
        <p>
          Tell us where work slows down, where money leaks or what keeps going wrong. A senior
          member of our team reads every message and replies within {figures.replyWithinHours}{" "}
          hours.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-2xl font-semibold text-navy">
            Send us a message
          </h2>
          {notice ? (
            <div className="mt-6" key={notice.id}>
              <ToastNotice toast={notice} />
            </div>
          ) : null}
          {/* Remounting on every visit clears the fields after a successful send. */}
          <Form
            method="post"
            key={location.key}
            {...getFormProps(form)}
            noValidate
            onFocus={loadValidation}
            onPointerEnter={loadValidation}
            onPointerDown={loadValidation}
            className="mt-6"
          >
            <fieldset disabled={sending} className="space-y-5">
              <legend className="sr-only">Your message</legend>
              <FormField label="Full Name" required field={fields.fullName}>
                <input
                  {...getInputProps(fields.fullName, { type: "text" })}
                  autoComplete="name"
                  className={inputClass}
                />
              </FormField>
              <FormField label="Email Address" required field={fields.email}>
                <input
                  {...getInputProps(fields.email, { type: "email" })}
                  autoComplete="email"
                  className={inputClass}
                />
              </FormField>
              <FormField label="Phone Number" field={fields.phone}>
                <input
                  {...getInputProps(fields.phone, { type: "tel" })}
                  autoComplete="tel"
                  className={inputClass}
                />
              </FormField>
              <FormField label="Message" required field={fields.message}>
                <textarea {...getTextareaProps(fields.message)} rows={6} className={inputClass} />
              </FormField>
              <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
                <input
                  id={HONEYPOT_FIELD}
                  name={HONEYPOT_FIELD}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                />
              </div>
              <button
                type="submit"
                className="inline-flex w-full items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-wait disabled:opacity-70 sm:w-auto"
              >
                {sending ? "Sending..." : "Send Message"}
              </button>
            </fieldset>
          </Form>
        </section>
        <aside
          aria-labelledby="contact-direct-heading"
          className="rounded-xl bg-paper p-8 ring-1 ring-line lg:self-start"
        >
          <h2 id="contact-direct-heading" className="text-2xl font-semibold text-navy">
            Prefer to reach us directly?
          </h2>
          <dl className="mt-6 space-y-5">
            <div>
              <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
                Email
              </dt>
              <dd className="mt-1 text-lg">
                <a
                  href={`mailto:${site.email}`}
                  className="font-medium text-brand-strong underline underline-offset-4 [overflow-wrap:anywhere]"
                >
                  {site.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
                Phone
              </dt>
              <dd className="mt-1 text-lg">
                <a
                  href={telHref(site.phone)}
                  className="font-medium text-brand-strong underline underline-offset-4"
                >
                  {site.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
                Office
              </dt>
              <dd className="mt-1 text-ink-soft">{site.address}</dd>
            </div>
          </dl>
          <p className="mt-8 rounded-lg bg-white p-4 text-ink-soft ring-1 ring-line">
            We reply to every message within {figures.replyWithinHours} hours, on business days and
            weekends alike.
          </p>
        </aside>
      </div>
    </>
  );
}
