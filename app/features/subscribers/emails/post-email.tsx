// A new Insights post as its subscribers get it: the title, the cover, the post itself (or, for a
// long one, its excerpt) with a link to read it on the site, the firm's postal address and a
// visible unsubscribe link. The post's body is the sanitised HTML the article serves: nothing
// else of it reaches the email.
import type { CSSProperties } from "react";
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";
import type { EmailablePost } from "~/features/insights/index.server";

/**
 * A body longer than this goes as its excerpt and a link. Gmail cuts an email's HTML after
 * 102 KB and hides the rest (the unsubscribe link and postal address with it); the frame, the
 * inline styles and the quoted-printable encoding take the rest of that room.
 */
export const FULL_BODY_LIMIT = 60_000;

const body: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: 1.5 };
const cover: CSSProperties = {
  display: "block",
  width: "100%",
  maxWidth: "552px",
  height: "auto",
  margin: "0 0 16px",
  border: 0,
  borderRadius: "6px",
};

type Props = {
  post: EmailablePost;
  brand: string;
  address: string;
  unsubscribeUrl: string;
  /** A test sent to one staff member: says so, and its unsubscribe link unsubscribes no one. */
  test: boolean;
};

function PostEmail({ post, brand, address, unsubscribeUrl, test }: Props) {
  const full = post.html.length <= FULL_BODY_LIMIT;
  return (
    <EmailLayout
      brand={brand}
      heading={post.title}
      footer={
        <>
          {test
            ? "This is a test sent to you alone. Its unsubscribe link leads to the Insights page, where readers subscribe, and unsubscribes no one:"
            : `You get this email because you subscribed to ${brand} Insights. Unsubscribe with one click:`}{" "}
          <AddressLink href={unsubscribeUrl} />
          <br />
          {`${brand}, ${address}`}
        </>
      }
    >
      {test ? (
        <Paragraph>{`Test: this is the email subscribers get for "${post.title}".`}</Paragraph>
      ) : null}
      {post.cover ? (
        <img
          src={post.cover.url}
          alt={post.cover.alt}
          width={552}
          height={Math.round((552 * post.cover.height) / post.cover.width)}
          style={cover}
        />
      ) : null}
      {full ? (
        <div style={body} dangerouslySetInnerHTML={{ __html: post.html }} />
      ) : (
        <Paragraph>{post.excerpt}</Paragraph>
      )}
      <EmailButton href={post.url}>Read on the website</EmailButton>
      <Paragraph>
        Read it on the website: <AddressLink href={post.url} />
      </Paragraph>
    </EmailLayout>
  );
}

// Each recipient's unsubscribe address goes where this stands once the email is rendered.
const UNSUBSCRIBE_STAND_IN = `https://unsubscribe.invalid/${crypto.randomUUID()}`;
const UNSUBSCRIBE = "{{unsubscribe_url}}";

/**
 * The post's email with `{{unsubscribe_url}}` where each recipient's link goes, for a mailing.
 * The outbox fills every `{{name}}` of a mailing's bodies, so one a post's text happens to hold
 * is broken up first (invisibly in HTML, with a zero-width space in plain text): a post reads as
 * written, and no recipient's value lands where the author typed braces.
 */
export async function postMailing(post: EmailablePost, site: { brand: string; address: string }) {
  const email = await renderEmail(
    post.title,
    <PostEmail {...site} post={post} unsubscribeUrl={UNSUBSCRIBE_STAND_IN} test={false} />,
  );
  return {
    subject: email.subject,
    html: email.html.replace(/\{(?=\{)/g, "&#123;").replaceAll(UNSUBSCRIBE_STAND_IN, UNSUBSCRIBE),
    text: email.text.replace(/\{(?=\{)/g, "{\u200B").replaceAll(UNSUBSCRIBE_STAND_IN, UNSUBSCRIBE),
  };
}

/** The same email as a test to one staff member: marked so, its unsubscribe link harmless. */
export function postTestEmail(
  post: EmailablePost,
  site: { brand: string; address: string; insightsUrl: string },
) {
  return renderEmail(
    `[Test] ${post.title}`,
    <PostEmail
      brand={site.brand}
      address={site.address}
      post={post}
      unsubscribeUrl={site.insightsUrl}
      test
    />,
  );
}
