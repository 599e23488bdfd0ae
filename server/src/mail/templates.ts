import type { Mail } from './mailer';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f5fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:16px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}
<p style="color:#777;font-size:12px;margin-top:32px">You get this email because someone entered this address on Cove.
If it wasn't you, ignore it.</p></div></body></html>`;
}

export function signInMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Your Cove sign-in link',
    text: `Sign in to Cove:\n\n${link}\n\nThe link works once and only for 1 hour.`,
    html: layout(
      'Sign in to Cove',
      `<p><a href="${escape(link)}" style="display:inline-block;background:#6a4cff;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none">Sign in</a></p>
<p style="font-size:13px;color:#555">Or open this link: <a href="${escape(link)}">${escape(link)}</a></p>
<p style="font-size:13px;color:#555">The link works once and only for 1 hour.</p>`,
    ),
  };
}

export function codeMail(to: string, code: string, purpose: 'verify' | 'action'): Mail {
  const what = purpose === 'verify' ? 'verify your email' : 'confirm this change';
  return {
    to,
    subject: `${code} is your Cove code`,
    text: `Your code to ${what}: ${code}\n\nIt expires in 10 minutes.`,
    html: layout(
      `Your code to ${what}`,
      `<p style="font-size:32px;letter-spacing:8px;font-weight:700">${escape(code)}</p><p>It expires in 10 minutes.</p>`,
    ),
  };
}
