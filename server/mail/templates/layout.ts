import "server-only";

/** A message as blocks, which the layout turns into its HTML part and its text part alike. */
export type MailBody = {
  heading: string;
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { label: string; url: string };
  /** Label and answer pairs (a response's answers). */
  answers?: { label: string; text: string }[];
  /** Small print under a rule: why this came, how to stop it. */
  footer: string[];
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Line breaks of plain text kept in HTML. */
const htmlText = (s: string) => escapeHtml(s).replace(/\r?\n/g, "<br>");

/**
 * One layout for every message: a simple, single-column HTML part (inline styles, since mail
 * clients drop style sheets; `lang`, a real heading, link text that says where it goes) and a
 * text part with the same words. Everything given is text: it is escaped, never trusted as HTML.
 */
export function renderLayout(body: MailBody): { html: string; text: string } {
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${htmlText(s)}</p>`;
  const answers = body.answers?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${body.answers
        .map(
          (a) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:8px 12px 8px 0;border-top:1px solid #e5e7eb;` +
            `font-size:14px;color:#4b5563;width:40%">${htmlText(a.label)}</th>` +
            `<td style="padding:8px 0;border-top:1px solid #e5e7eb;font-size:15px;color:#111827">${htmlText(a.text)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#1d4ed8;` +
      `color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;font-size:16px">` +
      `${escapeHtml(body.action.label)}</a></p>` +
      p(`Or paste this link into your browser: ${body.action.url}`)
    : "";
  const footer = body.footer
    .map((s) => `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#4b5563">${htmlText(s)}</p>`)
    .join("");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(body.heading)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">` +
    `<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(body.heading)}</h1>` +
    body.paragraphs.map(p).join("") +
    answers +
    action +
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">${footer}</main></body></html>`;

  const text = [
    body.heading,
    "",
    ...body.paragraphs.flatMap((s) => [s, ""]),
    ...(body.answers?.length ? [...body.answers.map((a) => `${a.label}:\n${a.text}\n`), ""] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ""] : []),
    "--",
    ...body.footer,
  ].join("\n");
  return { html, text };
}
