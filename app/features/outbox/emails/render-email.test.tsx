import { describe, expect, test } from "vitest";
import { EmailLayout } from "./email-layout";
import {
  AddressLink,
  DetailsTable,
  EmailButton,
  MailtoLink,
  Paragraph,
  SectionLabel,
  TypedText,
} from "./email-parts";
import { renderEmail, renderEmailAwaitingId } from "./render-email.server";

const sample = (shown: string) => (
  <EmailLayout brand="Keelstone Operations" heading="A heading <for> the eye" footer="Small print.">
    <Paragraph>Opening sentence.</Paragraph>
    <DetailsTable
      rows={[
        ["Name", shown],
        ["Email", <MailtoLink key="email" email="ada@example.org" />],
      ]}
    />
    <SectionLabel>Notes:</SectionLabel>
    <TypedText text={"First line\n\n  second   line"} />
    <EmailButton href="https://example.com/go">Go there</EmailButton>
    <Paragraph>
      Or open: <AddressLink href="https://example.com/go" />
    </Paragraph>
  </EmailLayout>
);

describe("renderEmail", () => {
  test("the plain text reads as a person would type it: no brand bar, heading or button", async () => {
    const email = await renderEmail("Subject", sample("<script>alert(1)</script>"));
    expect(email.subject).toBe("Subject");
    expect(email.text).toBe(
      [
        "Opening sentence.",
        "",
        "Name: <script>alert(1)</script>",
        "Email: ada@example.org",
        "",
        "Notes:",
        "First line",
        "",
        "  second   line",
        "",
        "Or open: https://example.com/go",
        "",
        "Small print.",
      ].join("\n"),
    );
  });

  test("the HTML has the frame, escapes every value, and links what it names", async () => {
    const { html } = await renderEmail("Subject", sample("<script>alert(1)</script>"));
    expect(html).toContain('<html dir="ltr" lang="en">');
    expect(html).toContain("<title>A heading &lt;for&gt; the eye</title>");
    expect(html).toMatch(/background-color:#0a1628;color:#ffffff[^>]*>Keelstone Operations</);
    expect(html).toContain(">A heading &lt;for&gt; the eye</h1>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="mailto:ada@example.org"');
    expect(html.match(/href="https:\/\/example.com\/go"/g)).toHaveLength(2);
    expect(html).toContain(">Go there<");
    expect(html).toContain("First line<br/><br/>  second   line");
  });
});

describe("renderEmailAwaitingId", () => {
  test("puts the id where the stand-in was, in every part, and nowhere else", async () => {
    const typed = "id-not-yet-stored-00000000-0000-4000-8000-000000000000";
    const awaiting = await renderEmailAwaitingId((id) =>
      renderEmail(`Record #${id}`, sample(`${typed} / #${id}`)),
    );
    const email = awaiting.withId(512);
    expect(email.subject).toBe("Record #512");
    expect(email.text).toContain(`Name: ${typed} / #512\n`);
    expect(email.html).toContain(`${typed} / #512<`);
    expect(awaiting.withId(513).text).toContain(`Name: ${typed} / #513\n`);
  });
});
