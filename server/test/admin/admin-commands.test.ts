import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { closeCodes } from '@cove/contracts';
import { type AdminCommand, AdminCommandError, runAdminCommand } from '../../src/admin/commands';
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

// What the admin CLI runs, with this server's hub telling its sockets.
const admin = (command: AdminCommand, email: string, args: string[] = []) =>
  runAdminCommand(t.db, t.app.realtime, { actor: 'ops@test', command, email, args });
const notice = (payload: object, secret = t.app.adminSecret) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/realtime',
    headers: { 'x-admin-secret': secret },
    payload,
  });
const eventsOf = async (userId: string) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId))).map((e) => e.type);
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('support commands', () => {
  it('takes realtime notices only with the secret, and only well formed', async () => {
    const { user } = await signedInUser(t.db);
    const ban = { type: 'disconnect', userId: user.id, reason: 'banned' };
    expect((await notice(ban, 'guess')).statusCode).toBe(403);
    expect((await notice({ type: 'notify', userIds: ['not-an-id'] })).statusCode).toBe(400);
    expect((await notice({ type: 'notify', userIds: [user.id] })).statusCode).toBe(204);
  });

  it('turns a fan into an approved creator, with the events the app reacts to', async () => {
    const { user } = await signedInUser(t.db);
    expect(await admin('make-creator', user.email)).toBe(`${user.email} is now a creator awaiting approval.`);
    expect(await row(user.id)).toMatchObject({
      type: 'featured',
      requiresModeration: true,
      idVerificationStatus: 'pending',
    });
    expect(await admin('approve', user.email)).toBe(`${user.email} is approved.`);
    expect(await row(user.id)).toMatchObject({
      idVerified: true,
      discoverStatus: 'featured',
      requiresModeration: false,
    });
    expect(await eventsOf(user.id)).toEqual(['approved', 'notification']);
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
    // Each decision with its record in the person's notifications; freezing also brings support's message.
    expect(await eventsOf(user.id)).toEqual([
      'onboarding_rejected',
      'notification',
      'new_message',
      'unread_messages',
      'notification',
      'frozen',
      'notification',
      'frozen',
      'notification',
      'reported',
      'notification',
    ]);
  });

  it('grants promotional credits through a balanced ledger transaction', async () => {
    const { user, token } = await signedInUser(t.db);
    expect(await admin('grant-credits', user.email, ['250'])).toBe(
      `${user.email} now has 250 credits ($25.00).`,
    );
    await expect(admin('grant-credits', user.email, ['-5'])).rejects.toThrow(AdminCommandError);
    await expect(admin('grant-credits', user.email, ['lots'])).rejects.toThrow(AdminCommandError);
    expect(await creditsOf(t.db, user.id)).toBe(250);
    const me = await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } });
    expect(me.json().credits).toBe(250);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('sets a feature permission and tells the user', async () => {
    const { user, token } = await signedInUser(t.db, { type: 'featured' });
    expect(await admin('feature', user.email, ['broadcast', 'off'])).toBe(`${user.email}: broadcast is off.`);
    await expect(admin('feature', user.email, ['teleport', 'on'])).rejects.toThrow('feature takes a name');
    const config = await t.app.inject({
      url: '/v1/provider/config?platform=react',
      headers: { 'access-token': token },
    });
    expect(config.json().features.broadcast).toBe(false);
    expect(await eventsOf(user.id)).toEqual(['provider_features_update']);
  });

  it('answers an unknown email clearly', async () => {
    await expect(admin('approve', 'nobody@example.com')).rejects.toThrow(
      new AdminCommandError('No account with the email nobody@example.com.'),
    );
  });

  it('bans at once: the open socket hears it and closes, and the token stops working', async () => {
    const { user, token } = await signedInUser(t.db);
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
    const messages: string[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString()).type));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));

    expect(await admin('ban', user.email)).toBe(`${user.email} is banned and signed out everywhere.`);
    expect(await closed).toBe(closeCodes.banned);
    // The ban is recorded in the person's notifications, but `banned` is the last thing they hear.
    expect(messages).toEqual(['init', 'banned']);
    expect((await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } })).statusCode).toBe(
      401,
    );
  });
});
