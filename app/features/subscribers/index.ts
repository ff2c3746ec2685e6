export { SubscribeBand, SubscribeForm } from "./components/subscribe-form";
export {
  ConfirmationPage,
  SubscribeSentPage,
  UnsubscribePage,
  type ConfirmationPageState,
  type UnsubscribePageState,
} from "./components/subscription-pages";
export type { SubscribeReply } from "./form";
export { subscribeSchema } from "./schema";
