export { detailsTableHtml, emailFrame, escapeHtml, mailtoHtml, paragraphsHtml } from "./email-html";
