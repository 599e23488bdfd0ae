import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { closeCodes } from '@cove/contracts';
import { adminActions, userEvents, users } from '../../src/db/schema';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const admin = (command: string, email: string, args: string[] = [], secret = t.app.adminSecret) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/admin',
    headers: { 'x-admin-secret': secret },
    payload: { actor: 'ops@test', command, email, args },
  });
const eventsOf = async (userId: string) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId))).map((e) => e.type);
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('support commands', () => {
  it('refuses a caller without the secret', async () => {
    const { user } = await signedInUser(t.db);
    const res = await admin('grant-staff', user.email, [], 'guess');
    expect(res.statusCode).toBe(403);
    expect((await row(user.id))?.isStaff).toBe(false);
  });

  it('turns a fan into an approved creator, with the events the app reacts to', async () => {
    const { user } = await signedInUser(t.db);
    expect((await admin('make-creator', user.email)).json().message).toBe(
      `${user.email} is now a creator awaiting approval.`,
    );
    expect(await row(user.id)).toMatchObject({
      type: 'featured',
      requiresModeration: true,
      idVerificationStatus: 'pending',
    });
    expect((await admin('approve', user.email)).statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({
      idVerified: true,
      discoverStatus: 'featured',
      requiresModeration: false,
    });
    expect(await eventsOf(user.id)).toEqual(['approved']);
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, user.id));
    expect(log.map((l) => [l.actor, l.command])).toEqual([
      ['ops@test', 'make-creator'],
      ['ops@test', 'approve'],
    ]);
  });

  it('rejects, freezes, unfreezes and reports with their events', async () => {
    const { user } = await signedInUser(t.db, { type: 'featured' });
    await admin('reject', user.email);
    await admin('freeze', user.email);
    expect((await row(user.id))?.frozen).toBe(true);
    await admin('unfreeze', user.email);
    await admin('report', user.email);
    expect(await row(user.id)).toMatchObject({
      frozen: false,
      idVerificationStatus: 'rejected',
      discoverStatus: 'denied',
    });
    expect(await eventsOf(user.id)).toEqual(['onboarding_rejected', 'frozen', 'frozen', 'reported']);
  });

  it('grants promotional credits through a balanced ledger transaction', async () => {
    const { user, token } = await signedInUser(t.db);
    expect((await admin('grant-credits', user.email, ['250'])).json().message).toBe(
      `${user.email} now has 250 credits.`,
    );
    expect((await admin('grant-credits', user.email, ['-5'])).statusCode).toBe(400);
    expect((await admin('grant-credits', user.email, ['lots'])).statusCode).toBe(400);
    expect(await creditsOf(t.db, user.id)).toBe(250);
    const me = await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } });
    expect(me.json().credits).toBe(250);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('sets a feature permission and tells the user', async () => {
    const { user, token } = await signedInUser(t.db, { type: 'featured' });
    expect((await admin('feature', user.email, ['broadcast', 'off'])).statusCode).toBe(200);
    expect((await admin('feature', user.email, ['teleport', 'on'])).statusCode).toBe(400);
    const config = await t.app.inject({
      url: '/v1/provider/config?platform=react',
      headers: { 'access-token': token },
    });
    expect(config.json().features.broadcast).toBe(false);
    expect(await eventsOf(user.id)).toEqual(['provider_features_update']);
  });

  it('answers an unknown email clearly', async () => {
    const res = await admin('approve', 'nobody@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No account with the email nobody@example.com.');
  });

  it('bans at once: the open socket hears it and closes, and the token stops working', async () => {
    const { user, token } = await signedInUser(t.db);
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
    const messages: string[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString()).type));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));

    expect((await admin('ban', user.email)).statusCode).toBe(200);
    expect(await closed).toBe(closeCodes.banned);
    expect(messages).toEqual(['init', 'banned']);
    expect((await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } })).statusCode).toBe(
      401,
    );
  });
});
