// Contact: the form that stores a visitor's message and queues an email to the firm.
import type { Route } from "./+types/contact";
import { data } from "react-router";
import { Link, useActionData } from "react-router";
import { HONEYPOT_FIELD } from "~/components/ui/honeypot-field";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import {
  ContactFormLater,
  DirectContact,
  FORM_ID_FIELD,
  contactMessageSchema,
} from "~/features/contact";
import { submitContactMessage } from "~/features/contact/index.server";
import { logEvent } from "~/lib/log.server";
import { logIfStorageFailure } from "~/lib/storage-failure.server";
import { contactHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";
import { parseFields, readForm, refusedForm, type FormReply } from "~/lib/form-action.server";
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

  // A form's id is random hex; anything else posted there is cut to a bounded length and hashed.
  const formId = read.formData.get(FORM_ID_FIELD);
  try {
    await submitContactMessage(
      parsed.value,
      typeof formId === "string" ? formId.slice(0, 64) : null,
    );
  } catch (error) {
    if (!logIfStorageFailure(error, args.request)) throw error;
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
    image: pageShareImage(args.matches, "contact"),
  });

export default function Contact() {
  const lastReply = useActionData<typeof action>();
  return (
    <>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title}>
        <p>
          Tell us where work slows down, where money leaks or what keeps going wrong. A senior
          member of our team reads every message and replies within {figures.replyWithinHours}{" "}
          hours.
        </p>
        <p className="mt-4">
          Would you rather talk?{" "}
          <Link to="/book" className="font-semibold text-white underline underline-offset-4">
            Book a discovery call
          </Link>{" "}
          at a time that suits you.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[3fr_2fr]">
        <ContactFormLater lastReply={lastReply} />
        <DirectContact />
      </div>
    </>
  );
}
