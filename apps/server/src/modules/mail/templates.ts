import type { MailMessage } from './mailer.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface ActionMail {
  to: string;
  appName: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  outro: string;
}

/** One plain layout for every transactional mail: a greeting, a few lines and one button. */
export function actionMail(m: ActionMail): MailMessage {
  const text = [m.greeting, '', ...m.lines, '', `${m.action.label}: ${m.action.url}`, '', m.outro, '', m.appName].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1d1f;background:#f4f5f6;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:18px;font-weight:600">${escape(m.greeting)}</p>
${m.lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p style="margin:28px 0"><a href="${escape(m.action.url)}" style="background:#00BC7E;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(m.action.label)}</a></p>
<p style="color:#6b7280;font-size:13px">${escape(m.outro)}</p>
<p style="color:#6b7280;font-size:13px">${escape(m.appName)}</p>
</div></body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}
