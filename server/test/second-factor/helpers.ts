import type { FastifyInstance } from 'fastify';
import { totpAt } from '../../src/second-factor/totp';
import type { Party } from '../helpers/chats';
import { signInLinkFor } from '../helpers/mailbox';

/** The code an authenticator app shows now for a secret, or one step (30 s) earlier or later. */
export const codeNow = (secret: string, steps = 0) => totpAt(secret, Date.now() + steps * 30_000);

/** Sets up the authenticator app as the security screen does; the secret and recovery codes it showed. */
export async function enrol(p: Party): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await p.api.post('/v1/account/security/totp');
  if (started.statusCode !== 200) throw new Error(`enrolment not started: ${started.body}`);
  const secret = started.json().secret as string;
  const confirmed = await p.api.post('/v1/account/security/totp/confirm', { code: codeNow(secret) });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment not confirmed: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json().recovery_codes };
}

/** Requests a link and redeems it: the answer of `POST /v1/auth`. */
export async function redeemLink(app: FastifyInstance, email: string) {
  const sent = await app.inject({ method: 'POST', url: '/v1/users/sign', payload: { email, web: true } });
  if (sent.statusCode !== 200) throw new Error(`sign-in request failed: ${sent.body}`);
  const token = await signInLinkFor(app, email);
  return app.inject({
    method: 'POST',
    url: '/v1/auth',
    payload: { token },
    headers: { 'user-agent': ua.firefox },
  });
}

export const ua = {
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** The second step as the login screen takes it: the limited token in the body with the code. */
export function stepper(app: FastifyInstance, secondStepToken: string) {
  return {
    post: (_url: '/v1/auth/second-step', body: { code: string }) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/second-step',
        payload: { second_step_token: secondStepToken, ...body },
      }),
  };
}
