export { ContactFormLater } from "./components/contact-form-later";
export { DirectContact } from "./components/direct-contact";
export { FORM_ID_FIELD } from "./form";
export { messageFilterParams, messageFiltersFrom } from "./message-filters";
export type { MessageFilters } from "./message-filters";
export { contactMessageSchema } from "./schema";
