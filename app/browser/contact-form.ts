// The contact form checks itself before it is sent and, once a send was refused, as fields change:
// the same schema and messages as the server's check (routes/contact.tsx), loaded on the visitor's
// first touch of the form because it brings zod. Until it arrives the server checks alone.
import { missingFieldMessages } from "~/services/contact-form";
import type { validateContactMessage } from "~/services/contact-validation";
import { showBusyWhileSubmitting } from "./busy-form";

type FieldErrors = Record<string, string[]>;

const missingMessages: string[] = Object.values(missingFieldMessages);

function fieldErrorsOf(form: HTMLFormElement, validate: typeof validateContactMessage) {
  const errors: FieldErrors = {};
  const submission = validate(new FormData(form));
  const reported = submission.status === "error" ? (submission.error ?? {}) : {};
  for (const [name, messages] of Object.entries(reported)) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

/** Each field's message goes where the server puts it (components/ui/form-field.tsx). */
function showFieldErrors(form: HTMLFormElement, errors: FieldErrors) {
  for (const message of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const field = form.querySelector<HTMLElement>(`#${CSS.escape(message.dataset.errorFor ?? "")}`);
    const name = field?.getAttribute("name");
    if (!field || !name) continue;
    const fieldErrors = errors[name];
    message.textContent = fieldErrors?.join(" ") ?? "";
    message.hidden = !fieldErrors;
    if (fieldErrors) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", message.id);
    } else {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    }
  }
}

/** The spec's Missing Information notice, unless the server's own notice is showing. */
function showMissingNotice(form: HTMLFormElement, missing: boolean) {
  const slot = form.ownerDocument.querySelector("[data-form-notice]");
  const template = form.ownerDocument.querySelector<HTMLTemplateElement>("template[data-missing]");
  if (!slot || !template || slot.querySelector("[data-server-notice]")) return;
  slot.replaceChildren(...(missing ? [template.content.cloneNode(true)] : []));
}

export function enhanceContactForm(form: HTMLFormElement) {
  let validate: typeof validateContactMessage | undefined;
  let requested = false;
  // After a refused send (the server's or this script's), fields are checked as they change.
  let revalidating = form.querySelector('[aria-invalid="true"]') !== null;

  const load = () => {
    if (requested) return;
    requested = true;
    import("~/services/contact-validation").then(
      (module) => {
        validate = module.validateContactMessage;
      },
      () => {
        // Offline or a new deploy: the server still checks; try again on the next touch.
        requested = false;
      },
    );
  };
  for (const type of ["focusin", "pointerenter", "pointerdown"]) form.addEventListener(type, load);
  if (revalidating) load();

  const check = (validateForm: typeof validateContactMessage) => {
    const errors = fieldErrorsOf(form, validateForm);
    showFieldErrors(form, errors);
    showMissingNotice(
      form,
      Object.values(errors).some((messages) => messages.some((m) => missingMessages.includes(m))),
    );
    return errors;
  };

  form.addEventListener("submit", (event) => {
    if (!validate) return;
    revalidating = true;
    if (Object.keys(check(validate)).length === 0) return;
    event.preventDefault();
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  form.addEventListener("input", () => {
    if (revalidating && validate) check(validate);
  });
  showBusyWhileSubmitting(form);
}
