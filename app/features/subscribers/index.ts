// The subscribers feature's door for code that also runs in the browser: the blog admin's
// controls of each post's emails.
export { PostEmailing, SendAgainConfirmation } from "./components/post-emailing";
