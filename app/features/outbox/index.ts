export { EmailLayout } from "./emails/email-layout";
export {
  AddressLink,
  DetailsTable,
  EmailButton,
  MailtoLink,
  Paragraph,
  RepliesWelcomeFooter,
  SectionLabel,
  TypedText,
} from "./emails/email-parts";
export type { DetailsRow } from "./emails/email-parts";
export { MessageLog } from "./components/message-log";
export { MessageFacts, MessageText } from "./components/message-view";
export { logViewFrom } from "./outbox-states";
