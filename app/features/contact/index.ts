export { ContactForm, useContactForm } from "./components/contact-form";
export { DirectContact } from "./components/direct-contact";
export { HONEYPOT_FIELD } from "./form";
export { contactMessageSchema } from "./schema";
