// Typing a post's body in the admin's form: in the rich text editor with JavaScript, as HTML in
// the plain textarea without it.
import type { Page } from "@playwright/test";

export async function writeContent(page: Page, text: string, javaScriptEnabled: boolean) {
  const content = page.getByRole("textbox", { name: "Content" });
  if (javaScriptEnabled) {
    await content.click();
    await page.keyboard.type(text);
  } else {
    await content.fill(`<p>${text}</p>`);
  }
}
