export {
  contactMessagesBatch,
  contactMessagesPage,
  markContactMessageHandled,
} from "./queries.server";
export { submitContactMessage } from "./send.server";
