import type { MailMessage } from '../mail/index.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The visitor's words as text (escaped in the HTML part); a reply goes to the visitor. */
export function contactMail(m: {
  to: string;
  appName: string;
  name: string;
  email: string;
  message: string;
}): MailMessage {
  const subject = `Contact form: message from ${m.name.replace(/[\r\n]+/g, ' ')}`;
  const text = [`${m.name} <${m.email}> wrote through the contact form of ${m.appName}:`, '', m.message].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1d1f;background:#f4f5f6;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:600">${escape(m.name)} &lt;${escape(m.email)}&gt; wrote through the contact form of ${escape(m.appName)}:</p>
<p style="white-space:pre-wrap">${escape(m.message)}</p>
</div></body></html>`;
  return { to: m.to, subject, text, html, replyTo: m.email };
}
