import { as } from '../helpers/api';
import { person } from '../helpers/chats';
import { openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creatorWithEarnings, payoutRequest, paypal, setMethod } from '../earnings/helpers';
import { codeNow, enrol, redeemLink, stepper } from './helpers';

/**
 * A second factor, once on, cannot be bypassed: a token from the magic link alone (half signed in)
 * gets from every route exactly what no token gets, and the only thing it can do is finish the step.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const someId = '00000000-0000-4000-8000-000000000000';
/** Every route and method the API describes, with its path parameters filled. */
async function everyRoute(): Promise<{ method: string; url: string }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{[^}]+\}/g, someId) })),
  );
}

async function halfSignedIn() {
  const { creator } = await creatorWithEarnings(t, 1000);
  expect((await setMethod(t, creator, paypal())).statusCode).toBe(200);
  const { secret } = await enrol(creator);
  const link = (await redeemLink(t.app, creator.user.email)).json();
  expect(link).toEqual({ second_step_token: expect.any(String), second_step: true });
  return { creator, secret, token: link.second_step_token as string };
}

it('every route answers a half-signed-in token as it answers no token at all', async () => {
  const { creator, token } = await halfSignedIn();
  const routes = await everyRoute();
  // The sweep covers the sign-in and payout routes by name, so a renamed one cannot slip out of it.
  const names = routes.map((r) => `${r.method} ${r.url}`);
  for (const route of [
    'POST /v1/users/sign',
    'POST /v1/auth',
    'DELETE /v1/auth',
    'PATCH /v2/account/defaults',
    'POST /v2/account/payout',
    'POST /v1/users/send-verification-code',
    'GET /v1/account/info',
    'POST /v1/account/security/totp',
    'POST /v1/account/security/totp/confirm',
    'GET /v1/account/sessions',
  ]) {
    expect(names).toContain(route);
  }
  const differ: string[] = [];
  for (const { method, url } of routes) {
    if (url === '/v1/auth/second-step' || url.startsWith('/internal/')) continue;
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const withToken = await t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { 'access-token': token },
    });
    const without = await t.app.inject({ method: method as 'GET', url, payload });
    if (withToken.statusCode !== without.statusCode)
      differ.push(`${method} ${url}: ${withToken.statusCode} vs ${without.statusCode}`);
    // Nothing of the person's that a caller without a token would not see (the dev mailbox shows all mail).
    for (const own of [creator.user.email, creator.user.id]) {
      if (!without.body.includes(own)) expect(withToken.body).not.toContain(own);
    }
  }
  expect(differ).toEqual([]);
});

it('the payout routes refuse a half-signed-in token with each body they take', async () => {
  const { creator, token } = await halfSignedIn();
  const half = as(t.app, token);
  const refused = [
    await half.patch('/v2/account/defaults?verification_code=1234', paypal('thief@example.com')),
    await half.post('/v2/account/payout', payoutRequest(500)),
    await half.post('/v1/users/send-verification-code', { action: 'verify' }),
    await half.get('/v1/account/info'),
    await half.get('/v1/account/payouts'),
    await half.post('/v1/account/anti-money-laundering', {}),
    await half.delete('/v1/auth'),
    await half.get('/v1/account/sessions'),
    await half.post('/v1/account/sessions/sign-out-others'),
    await half.post('/v1/account/security/recovery-codes', { code: '123456' }),
  ];
  expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(refused.map(() => [401, 'unauthorized']));
  expect((await creator.api.get('/v1/account/info')).json().data.payout_method.label).toBe(
    'PayPal · c•••@example.com',
  );
  expect((await creator.api.get('/v1/account/payouts')).json().data).toEqual([]);
});

it('the websocket refuses a half-signed-in token', async () => {
  const { token } = await halfSignedIn();
  const socket = openSocket(wsBase(t.app), token);
  expect(await socket.closed).toBe(4401);
  expect(socket.seen).toEqual([]);
});

it('a redeemed link never signs in past the factor, however often it is tried', async () => {
  const p = await person(t);
  const { secret } = await enrol(p);
  for (let i = 0; i < 3; i++) {
    const res = await redeemLink(t.app, p.user.email);
    expect(Object.keys(res.json()).sort()).toEqual(['second_step', 'second_step_token']);
  }
  // A full session's token is no second-step token: it cannot mint another session.
  const full = await stepper(t.app, p.token).post('/v1/auth/second-step', { code: codeNow(secret, 1) });
  expect([full.statusCode, full.json().code]).toEqual([401, 'unauthorized']);
  // Finishing needs the code: a 4-digit email-style code is refused.
  const half = stepper(t.app, (await redeemLink(t.app, p.user.email)).json().second_step_token);
  expect((await half.post('/v1/auth/second-step', { code: '1234' })).statusCode).toBe(400);
  expect((await half.post('/v1/auth/second-step', { code: codeNow(secret, 1) })).statusCode).toBe(200);
});
