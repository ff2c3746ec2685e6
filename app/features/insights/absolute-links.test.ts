import { describe, expect, test } from "vitest";
import { withAbsoluteLinks } from "./absolute-links";

const article = "https://keelstone.example/insights/cash-flow";

describe("a post's links made absolute against its address", () => {
  test.each([
    [
      "a site path, against the origin",
      '<a href="/contact">',
      '<a href="https://keelstone.example/contact">',
    ],
    [
      "a bare name, against the article",
      '<a href="other-post">',
      '<a href="https://keelstone.example/insights/other-post">',
    ],
    [
      "a fragment, against the article itself",
      '<a href="#section">',
      '<a href="https://keelstone.example/insights/cash-flow#section">',
    ],
    ["a parent path", '<a href="../about">', '<a href="https://keelstone.example/about">'],
    [
      "a query alone",
      '<a href="?page=2">',
      '<a href="https://keelstone.example/insights/cash-flow?page=2">',
    ],
    [
      "a host without a scheme",
      '<a href="//other.example/x">',
      '<a href="https://other.example/x">',
    ],
    [
      "an image's src",
      '<img src="/media/covers/a.webp">',
      '<img src="https://keelstone.example/media/covers/a.webp">',
    ],
    ["single quotes, kept", "<a href='/contact'>", "<a href='https://keelstone.example/contact'>"],
    [
      "an escaped & read as & and written escaped again",
      '<a href="/search?a=1&amp;b=2">',
      '<a href="https://keelstone.example/search?a=1&amp;b=2">',
    ],
    [
      "escaped quotes and a space, percent-encoded once read",
      '<a href="/q?x=&quot;a&quot;&nbsp;b c">',
      '<a href="https://keelstone.example/q?x=%22a%22%C2%A0b%20c">',
    ],
    [
      "a numeric reference",
      '<a href="&#47;contact&#x3F;a=1">',
      '<a href="https://keelstone.example/contact?a=1">',
    ],
    [
      "the link's other attributes, and the tag's case, untouched",
      '<A title="x" HREF = "/contact" rel="noopener">',
      '<A title="x" HREF = "https://keelstone.example/contact" rel="noopener">',
    ],
    [
      "every link of a body, and nothing in its text",
      '<p>Write <code>href="/x"</code> &lt;a href="/y"&gt; <a href="/a">a</a> <a href="b">b</a></p>',
      '<p>Write <code>href="/x"</code> &lt;a href="/y"&gt; <a href="https://keelstone.example/a">a</a> <a href="https://keelstone.example/insights/b">b</a></p>',
    ],
  ])("%s", (_, html, absolute) => {
    expect(withAbsoluteLinks(html, article)).toBe(absolute);
  });

  test.each([
    ["https", '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">'],
    ["http, as written", '<a href="HTTP://Example.com/a b">'],
    ["mailto", '<a href="mailto:dana@keelstone.example?subject=Hi%20there">'],
    ["tel", '<a href="tel:+441234567890">'],
    ["a value another attribute holds", "<a title=\"href='/x' src=&quot;/y&quot;\">"],
    ["an absolute URL that does not parse", '<a href="http://[::1">'],
    ["a relative one that does not parse", '<a href="//[::1/x">'],
    ["an unknown reference, which is not the serialiser's", '<a href="/a?b=1&copy;">'],
    ["a bare &, which is not the serialiser's", '<a href="/a?b=1&c=2">'],
    ["an unquoted value, which is not the serialiser's", "<a href=/contact>"],
    ["a tag with no URL", "<p>Plain</p>"],
  ])("keeps %s as it is", (_, html) => {
    expect(withAbsoluteLinks(html, article)).toBe(html);
  });
});
