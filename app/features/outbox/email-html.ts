// Small helpers for the site's emails: escaping, and the branded HTML frame every email shares.
export function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escapes text and keeps its line breaks. */
export function paragraphsHtml(text: string) {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

export function emailFrame({
  brand,
  heading,
  body,
}: {
  brand: string;
  heading: string;
  body: string;
}) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f1b2d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #dbe3ec;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0a1628;color:#ffffff;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${body}
</td></tr>
</table>
</body>
</html>`;
}

/** A two-column table of labels and values; values are HTML the caller has already escaped. */
export function detailsTableHtml(rows: [label: string, valueHtml: string][]) {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#33415c">${escapeHtml(label)}</th><td style="padding:4px 0">${value}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0">${cells}</table>`;
}

export function mailtoHtml(email: string) {
  return `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>`;
}
