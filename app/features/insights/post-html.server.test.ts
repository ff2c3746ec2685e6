import { describe, expect, test } from "vitest";
import DOMPurify from "isomorphic-dompurify";
import { demoPosts } from "~/content/demo-posts";
import { loadPostSanitizer } from "./post-html.server";
import { POST_SANITIZER_VERSION } from "./post-sanitising.server";

const sanitizePostHtml = await loadPostSanitizer();

describe("sanitizePostHtml", () => {
  test.each([
    ["<p>Plain <strong>bold</strong> <em>italic</em> <u>under</u></p>"],
    ["<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>"],
    ["<ul><li>a</li></ul><ol><li>b</li></ol><hr><p>line<br>break</p>"],
    ['<p><a href="/contact">relative</a> <a href="mailto:a@example.org">mail</a></p>'],
  ])("keeps the editor's output %s", (html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  test.each([
    ["http", "http://example.org/"],
    ["https", "https://example.org/"],
    ["ftp", "ftp://files.example.org/a"],
    ["ftps", "ftps://files.example.org/a"],
    ["mailto", "mailto:ops@example.org"],
    ["tel", "tel:+13035550100"],
    ["callto", "callto:ops"],
    ["sms", "sms:+13035550100"],
    ["cid", "cid:part1"],
    ["xmpp", "xmpp:ops@example.org"],
    ["relative", "../insights"],
    ["fragment", "#section"],
  ])("keeps a %s link", (_scheme, href) => {
    expect(sanitizePostHtml(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
  });

  test.each([
    ["javascript", "javascript:alert(1)"],
    ["mixed-case javascript", "JaVaScRiPt:alert(1)"],
    ["entity-encoded javascript", "jav&#x09;ascript:alert(1)"],
    ["data", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["vbscript", "vbscript:msgbox(1)"],
    ["matrix (not on the spec's list)", "matrix:r/room"],
  ])("drops a %s link", (_scheme, href) => {
    expect(sanitizePostHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
  });

  test.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="alert(1)" class="x" style="color:red" id="y">ok</p>', "<p>ok</p>"],
    ['<img src="x" onerror="alert(1)">', ""],
    ["<svg><circle onload=alert(1)></circle></svg>", ""],
    ["<iframe src=https://example.org></iframe>", ""],
    ["<table><tr><td>cell</td></tr></table>", "cell"],
  ])("removes what the editor cannot produce from %s", (html, expected) => {
    expect(sanitizePostHtml(html)).toBe(expected);
  });

  test.each([
    [
      "<p>Before</p><noscript><p>Hidden</p></noscript><p>After</p>",
      "<p>Before</p><p>Hidden</p><p>After</p>",
    ],
    ["<p>Before<noscript>inside</noscript> after</p>", "<p>Beforeinside after</p>"],
    [
      "<p>a</p><noscript><p>rest of the post<p>and more",
      "<p>a</p><p>rest of the post</p><p>and more</p>",
    ],
    [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">kept</p></noscript><p>After</p>',
      "<p>kept</p><p>After</p>",
    ],
    // The parser always reads these as raw text: their markup stays text, shown, never run.
    [
      "<noembed><p>embedded</p></noembed><noframes>framed</noframes>",
      "&lt;p&gt;embedded&lt;/p&gt;framed",
    ],
  ])("keeps the text a <noscript> trick would hide, without its markup: %s", (html, expected) => {
    expect(sanitizePostHtml(html)).toBe(expected);
    expect(sanitizePostHtml(sanitizePostHtml(html))).toBe(expected);
  });

  test("links to other sites get rel=noopener noreferrer nofollow, chosen by us", () => {
    expect(sanitizePostHtml('<a href="https://example.org" rel="opener" target="_top">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<a href="//example.org/x">x</a>')).toBe(
      '<a href="//example.org/x" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<a href="/team">x</a>')).toBe('<a href="/team">x</a>');
  });
});

describe("the sanitiser's version and the posts stored under it", () => {
  test("POST_SANITIZER_VERSION names the DOMPurify that is installed: an upgrade sanitises again", () => {
    expect(POST_SANITIZER_VERSION).toMatch(
      new RegExp(`^dompurify-${DOMPurify.version}\\+rules-\\d+$`),
    );
  });

  test.each(demoPosts.map((post) => [post.key, post.content]))(
    "the demo post %s is stored as the sanitiser leaves it",
    (_key, content) => {
      expect(sanitizePostHtml(content)).toBe(content);
    },
  );
});
