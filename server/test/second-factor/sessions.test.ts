import { eq } from 'drizzle-orm';
import { userEvents } from '../../src/db/schema';
import { as } from '../helpers/api';
import { person } from '../helpers/chats';
import { eventually, heard, openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { redeemLink, ua } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** A second sign-in of the same person from a phone. */
async function phoneSession(email: string) {
  await t.app.inject({ method: 'POST', url: '/v1/users/sign', payload: { email, web: true } });
  const { signInLinkFor } = await import('../helpers/mailbox');
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth',
    payload: { token: await signInLinkFor(t.app, email) },
    headers: { 'user-agent': ua.iphone },
  });
  return res.json().token as string;
}

it('lists the person’s sessions with their device, marking this one', async () => {
  const p = await person(t);
  const laptop = (await redeemLink(t.app, p.user.email)).json().token as string;
  await phoneSession(p.user.email);
  const list = await as(t.app, laptop).get('/v1/account/sessions');
  expect(list.statusCode).toBe(200);
  const data = list.json().data as {
    device: string;
    current: boolean;
    created_at: string;
    last_used_at: string;
  }[];
  expect(data.map((s) => [s.device, s.current]).sort()).toEqual([
    ['Firefox on Linux', true],
    ['Safari on iOS', false],
    ['Unknown device', false],
  ]);
  for (const s of data) expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
});

it('signs one session out and closes its sockets only; another person’s session is not found', async () => {
  const p = await person(t);
  const stranger = await person(t);
  const phone = await phoneSession(p.user.email);
  const phoneSocket = openSocket(wsBase(t.app), phone);
  const mySocket = openSocket(wsBase(t.app), p.token);
  await phoneSocket.until((m) => m.type === 'init');
  await mySocket.until((m) => m.type === 'init');
  const phoneId = (
    (await p.api.get('/v1/account/sessions')).json().data as { _id: string; device: string }[]
  ).find((s) => s.device === 'Safari on iOS')?._id;

  const theirs = await stranger.api.delete(`/v1/account/sessions/${phoneId}`);
  expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'not_found']);
  expect((await as(t.app, phone).get('/v1/users/me')).statusCode).toBe(200);

  expect((await p.api.delete(`/v1/account/sessions/${phoneId}`)).statusCode).toBe(204);
  expect(await phoneSocket.closed).toBe(4401);
  expect((await as(t.app, phone).get('/v1/users/me')).statusCode).toBe(401);
  expect(mySocket.ws.readyState).toBe(mySocket.ws.OPEN);
  expect((await p.api.delete(`/v1/account/sessions/${phoneId}`)).statusCode).toBe(404);
  mySocket.ws.close();
});

it('signs out of every other device, keeping this one', async () => {
  const p = await person(t);
  const others = [await phoneSession(p.user.email), await phoneSession(p.user.email)];
  const sockets = others.map((token) => openSocket(wsBase(t.app), token));
  await Promise.all(sockets.map((s) => s.until((m) => m.type === 'init')));
  const res = await p.api.post('/v1/account/sessions/sign-out-others');
  expect(res.json()).toEqual({ signed_out: 2 });
  expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4401, 4401]);
  for (const token of others) expect((await as(t.app, token).get('/v1/users/me')).statusCode).toBe(401);
  expect((await p.api.get('/v1/users/me')).statusCode).toBe(200);
  await eventually(async () => (await p.api.get('/v1/account/sessions')).json().data.length === 1);
});

describe('the sessions list is live', () => {
  it('tells the person’s open pages of a new sign-in and of each sign-out elsewhere', async () => {
    const p = await person(t);
    const page = openSocket(wsBase(t.app), p.token);
    await page.until((m) => m.type === 'init');

    const phone = await phoneSession(p.user.email);
    await page.until(() => heard(page, 'sessions_updated') === 1);

    // The phone signs itself out.
    expect((await as(t.app, phone).delete('/v1/auth')).statusCode).toBe(204);
    await page.until(() => heard(page, 'sessions_updated') === 2);

    // A second phone, signed out from here.
    await phoneSession(p.user.email);
    await page.until(() => heard(page, 'sessions_updated') === 3);
    expect((await p.api.post('/v1/account/sessions/sign-out-others')).json()).toEqual({ signed_out: 1 });
    await page.until(() => heard(page, 'sessions_updated') === 4);
    page.ws.close();
  });

  it('says nothing when nothing was signed out, and nothing to another person', async () => {
    const p = await person(t);
    const stranger = await person(t);
    const before = await sessionEvents(stranger.user.id);
    await phoneSession(p.user.email);
    expect((await stranger.api.post('/v1/account/sessions/sign-out-others')).json()).toEqual({
      signed_out: 0,
    });
    expect(await sessionEvents(stranger.user.id)).toBe(before);
    expect(await sessionEvents(p.user.id)).toBeGreaterThan(0);
  });
});

/** How many `sessions_updated` a person's log holds. */
const sessionEvents = async (userId: string) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId))).filter(
    (e) => e.type === 'sessions_updated',
  ).length;
