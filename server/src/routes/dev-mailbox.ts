import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { createLocalMailbox, mailboxDir } from '../mail';
import type { StoredMail } from '../mail';
import { withErrors } from './with-errors';

const storedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function page(mails: StoredMail[]): string {
  const items = mails
    .map(
      (
        m,
      ) => `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(m.created_at)}</span></header>
<iframe sandbox title="${escape(m.subject)}" srcdoc="${escape(m.html)}"></iframe></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Cove mailbox</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f5fb;color:#1d1b29}
main{max-width:760px;margin:auto;padding:24px}article{background:#fff;border-radius:12px;margin:0 0 16px;overflow:hidden}
header{display:flex;flex-direction:column;gap:4px;padding:12px 16px;border-bottom:1px solid #eee}header span{color:#666;font-size:13px}
iframe{border:0;width:100%;height:420px}</style></head>
<body><main><h1>Mailbox</h1><p>Mail Cove sent from this machine, newest first.</p>
${items || '<p>No mail yet. Sign in from the app and the link lands here.</p>'}</main></body></html>`;
}

/** The developer's mailbox: every mail the embedded default "sent". Absent in production unless MAILBOX=true. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.mailboxEnabled || app.config.smtpUrl) return;
  const box = createLocalMailbox(mailboxDir(app.config.dataDir));
  app.get('/dev/mailbox.json', { schema: { response: withErrors({ 200: z.array(storedMail) }) } }, () =>
    box.list(50),
  );
  app.get('/dev/mailbox', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The page frames each mail's HTML in a sandboxed srcdoc iframe, which needs its own policy.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'",
      )
      .send(page(await box.list(50))),
  );
};
