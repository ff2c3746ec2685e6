// The subscribers feature's door for code that also runs in the browser: the blog admin's
// controls of each post's emails.
export {
  PostEmailing,
  SEND_AGAIN_INTENT,
  SEND_TEST_INTENT,
  SendAgainConfirmation,
} from "./components/post-emailing";
