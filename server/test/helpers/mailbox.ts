import type { FastifyInstance } from 'fastify';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address, read the way a developer would: from /dev/mailbox.json. */
export async function latestMailTo(app: FastifyInstance, to: string): Promise<Mail | undefined> {
  const mails = (await app.inject({ url: '/dev/mailbox.json' })).json() as Mail[];
  return mails.find((m) => m.to === to);
}

export async function signInLinkFor(app: FastifyInstance, to: string): Promise<string> {
  const mail = await latestMailTo(app, to);
  const token = mail?.text.match(/\/login\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${to}`);
  return token;
}

export async function codeFor(app: FastifyInstance, to: string): Promise<string> {
  const mail = await latestMailTo(app, to);
  const code = mail?.subject.match(/^(\d{4}) is your Cove code$/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Signs a new person in through the real flow: request a link, read it from the mailbox, redeem it. */
export async function signInByEmail(
  app: FastifyInstance,
  email: string,
): Promise<{ token: string; userId: string }> {
  const sent = await app.inject({
    method: 'POST',
    url: '/v1/users/sign',
    payload: { email, web: true, react_flow: true, accept_terms: true },
  });
  if (sent.statusCode !== 200) throw new Error(`sign-in request failed: ${sent.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth',
    payload: { token: await signInLinkFor(app, email) },
  });
  const body = res.json() as { token: string; user: { _id: string } };
  return { token: body.token, userId: body.user._id };
}
