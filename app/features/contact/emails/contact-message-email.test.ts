import { describe, expect, test } from "vitest";
import { contactMessageEmail } from "./contact-message-email";

const brand = "Keelstone Operations";

describe("contactMessageEmail", () => {
  test.each([
    {
      case: "a plain message",
      message: {
        fullName: "Grace Hopper",
        email: "grace@example.org",
        phone: "+1 303 555 0199",
        message: "Our month-end close takes two weeks.",
      },
      lines: [
        "Name: Grace Hopper",
        "Email: grace@example.org",
        "Phone: +1 303 555 0199",
        "Our month-end close takes two weeks.",
      ],
    },
    {
      case: "a message without a phone, over several lines",
      message: {
        fullName: "Ada Lovelace",
        email: "ada@example.org",
        message: "Invoices wait three days.\n\nCan you help us fix that?",
      },
      lines: ["Name: Ada Lovelace", "Phone: not given", "Invoices wait three days."],
    },
  ])("$case: subject, details and message in both parts", async ({ message, lines }) => {
    const email = await contactMessageEmail(message, brand);
    expect(email.subject).toBe(`New contact message from ${message.fullName}`);
    const text = email.text.split("\n");
    for (const line of [
      "A visitor sent a message through the Keelstone Operations website.",
      ...lines,
      "Message:",
      "Reply to this email to answer the visitor directly.",
    ]) {
      expect(text).toContain(line);
    }
    expect(email.text).toContain(`Message:\n${message.message}\n`);
    expect(email.html).toContain(`href="mailto:${message.email}"`);
    expect(email.html).toContain(`>${message.fullName}<`);
    for (const paragraph of message.message.split("\n").filter(Boolean)) {
      expect(email.html).toContain(paragraph);
    }
  });

  test("what the visitor typed is escaped in the HTML and literal in the text", async () => {
    const email = await contactMessageEmail(
      {
        fullName: "<script>alert(1)</script>",
        email: "mallory@example.org",
        phone: "",
        message: `<img src=x onerror="alert(2)">\n  & indented   text`,
      },
      brand,
    );
    expect(email.subject).toBe("New contact message from <script>alert(1)</script>");
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;<br/>");
    expect(email.text).toContain("Name: <script>alert(1)</script>\n");
    expect(email.text).toContain(`Message:\n<img src=x onerror="alert(2)">\n  & indented   text\n`);
  });
});
