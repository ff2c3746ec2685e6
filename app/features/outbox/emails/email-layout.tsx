// The frame every email the site sends shares: the brand bar, the heading, the body and a small
// footer, on the site's colours. Styles are inline because mail clients drop style sheets.
import type { CSSProperties, ReactNode } from "react";
import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Row } from "@react-email/row";
import { Text } from "@react-email/text";

export const emailColours = {
  page: "#f8fafc",
  card: "#ffffff",
  border: "#dbe3ec",
  brand: "#0a1628",
  onBrand: "#ffffff",
  ink: "#0f1b2d",
  muted: "#33415c",
};

const body: CSSProperties = {
  margin: 0,
  padding: "24px",
  backgroundColor: emailColours.page,
  fontFamily: "Arial, Helvetica, sans-serif",
  color: emailColours.ink,
};

const card: CSSProperties = {
  maxWidth: "600px",
  margin: "0 auto",
  backgroundColor: emailColours.card,
  border: `1px solid ${emailColours.border}`,
  borderRadius: "8px",
};

const brandBar: CSSProperties = {
  padding: "20px 24px",
  backgroundColor: emailColours.brand,
  color: emailColours.onBrand,
  borderRadius: "8px 8px 0 0",
  fontSize: "18px",
  fontWeight: "bold",
};

const headingText: CSSProperties = { margin: "0 0 16px", fontSize: "20px" };

const footerNote: CSSProperties = {
  margin: "24px 0 0",
  fontSize: "13px",
  lineHeight: 1.5,
  color: emailColours.muted,
};

/**
 * The brand bar and the heading are for the eye only: the plain-text part starts with the body,
 * as the subject line already says what the heading does.
 */
export function EmailLayout({
  brand,
  heading,
  footer,
  children,
}: {
  brand: string;
  heading: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{heading}</title>
      </Head>
      <Body style={body}>
        <Container style={card}>
          <Row>
            <Column style={brandBar} data-skip-in-text="true">
              {brand}
            </Column>
          </Row>
          <Row>
            <Column style={{ padding: "24px" }}>
              <Heading as="h1" style={headingText} data-skip-in-text="true">
                {heading}
              </Heading>
              {children}
              <Text style={footerNote}>{footer}</Text>
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}
