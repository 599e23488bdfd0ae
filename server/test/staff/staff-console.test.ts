import { eq, sql } from 'drizzle-orm';
import { adminActions, accessTokens, users } from '../../src/db/schema';
import { createSignInLink } from '../../src/accounts/sign-in';
import { creditsOf } from '../../src/ledger/ledger';
import { as } from '../helpers/api';
import { fanAndCreator, person, type Party, text } from '../helpers/chats';
import { openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let boss: Party;
let mo: Party;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  boss = await person(t, { isStaff: true });
  mo = await person(t, { isStaffMo: true });
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const audit = (targetId: string) =>
  t.db.select().from(adminActions).where(eq(adminActions.targetUserId, targetId));
const act = (by: Party, id: string, action: string, body: object) =>
  by.api.post(`/v1/admin/users/${id}/actions/${action}`, body);

/** A fan's report on a creator's message, as the chat's report form files it. */
async function reportedCreator() {
  const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
  await creator.api.post('/v1/messages', text(fan.user.id, 'pay me outside Cove'));
  const res = await fan.api.post(`/v1/users/${creator.user.id}/report`, { reason: 'scam', chat_id: chatId });
  return { fan, creator, reportId: res.json().report_id as string };
}

describe('the reports queue', () => {
  it('lists open reports oldest first with their evidence, assigns and resolves with an action', async () => {
    const first = await reportedCreator();
    const second = await reportedCreator();
    const queue = (await mo.api.get('/v1/admin/reports')).json().reports as { id: string }[];
    const ids = queue.map((r) => r.id);
    expect(ids.indexOf(first.reportId)).toBeLessThan(ids.indexOf(second.reportId));
    expect(queue.find((r) => r.id === first.reportId)).toMatchObject({
      category: 'scam',
      status: 'open',
      reporter: { id: first.fan.user.id },
      reported: { id: first.creator.user.id },
      evidence: [expect.objectContaining({ kind: 'message', text: 'pay me outside Cove' })],
    });

    const assigned = await mo.api.post(`/v1/admin/reports/${first.reportId}/assign`);
    expect(assigned.json().report).toMatchObject({ status: 'assigned', assigned_to: { id: mo.user.id } });

    const noReason = await mo.api.post(`/v1/admin/reports/${first.reportId}/resolve`, { action: 'warn' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('A reason is required.');

    const creatorSocket = openSocket(wsBase(t.app), first.creator.token);
    await creatorSocket.opened;
    const resolved = await mo.api.post(`/v1/admin/reports/${first.reportId}/resolve`, {
      action: 'warn',
      warning: 'payment',
      reason: 'asked to be paid off the platform',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().report).toMatchObject({
      status: 'resolved',
      resolution: 'warn',
      resolution_note: 'asked to be paid off the platform',
    });
    const warned = await creatorSocket.until((m) => m.type === 'warned');
    expect(warned).toMatchObject({ kind: 'payment', message: expect.stringContaining('payments') });
    creatorSocket.ws.close();

    const again = await mo.api.post(`/v1/admin/reports/${first.reportId}/resolve`, {
      action: 'dismiss',
      reason: 'x',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This report is already resolved.']);
    const open = (await mo.api.get('/v1/admin/reports')).json().reports.map((r: { id: string }) => r.id);
    expect(open).not.toContain(first.reportId);
    expect(open).toContain(second.reportId);
    expect((await audit(first.creator.user.id)).map((a) => [a.actor, a.command, a.reason])).toEqual([
      [`staff:${mo.user.email}`, 'warn', 'asked to be paid off the platform'],
    ]);
  });

  it('lets a moderator dismiss but not ban; staff may ban from a report', async () => {
    const { creator, reportId } = await reportedCreator();
    const refused = await mo.api.post(`/v1/admin/reports/${reportId}/resolve`, {
      action: 'ban',
      reason: 'scam',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Moderators may not do this. Please ask a staff member.',
    ]);
    expect((await row(creator.user.id))?.bannedAt).toBeNull();
    const banned = await boss.api.post(`/v1/admin/reports/${reportId}/resolve`, {
      action: 'ban',
      reason: 'scam',
    });
    expect(banned.json().report).toMatchObject({ status: 'resolved', resolution: 'ban' });
    expect((await row(creator.user.id))?.bannedAt).not.toBeNull();
  });
});

describe('actions on a person', () => {
  it('requires a reason and records who, what and why for each', async () => {
    const target = await person(t, { type: 'featured' });
    const missing = await act(boss, target.user.id, 'freeze', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('A reason is required.');
    const blank = await act(boss, target.user.id, 'freeze', { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await row(target.user.id))?.frozen).toBe(false);

    expect((await act(mo, target.user.id, 'freeze', { reason: 'chargebacks' })).statusCode).toBe(200);
    expect((await row(target.user.id))?.frozen).toBe(true);
    expect((await act(mo, target.user.id, 'unfreeze', { reason: 'cleared' })).statusCode).toBe(200);
    expect((await row(target.user.id))?.frozen).toBe(false);
    const grant = await act(boss, target.user.id, 'grant-credits', { reason: 'apology', amount: 50 });
    expect(grant.json().message).toBe(`${target.user.email} now has 50 credits ($5.00).`);
    expect(await creditsOf(t.db, target.user.id)).toBe(50);
    const noAmount = await act(boss, target.user.id, 'grant-credits', { reason: 'apology' });
    expect(noAmount.statusCode).toBe(400);
    const warn = await act(mo, target.user.id, 'warn', {
      reason: 'spam',
      kind: 'global',
      message: 'Stop spamming.',
    });
    expect(warn.statusCode).toBe(200);

    expect((await audit(target.user.id)).map((a) => [a.actor, a.command, a.reason, a.args])).toEqual([
      [`staff:${mo.user.email}`, 'freeze', 'chargebacks', []],
      [`staff:${mo.user.email}`, 'unfreeze', 'cleared', []],
      [`staff:${boss.user.email}`, 'grant-credits', 'apology', ['50']],
      [`staff:${mo.user.email}`, 'warn', 'spam', ['global', 'Stop spamming.']],
    ]);
  });

  it('bans (tokens revoked, socket closed) and unbans (sign-in allowed again)', async () => {
    const target = await person(t);
    const socket = openSocket(wsBase(t.app), target.token);
    await socket.opened;
    expect((await act(mo, target.user.id, 'ban', { reason: 'x' })).statusCode).toBe(403);
    const started = Date.now();
    expect((await act(boss, target.user.id, 'ban', { reason: 'fraud' })).statusCode).toBe(200);
    await socket.closed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await target.api.get('/v1/users/me')).statusCode).toBe(401);
    const tokens = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, target.user.id));
    expect(tokens.every((tk) => tk.revokedAt !== null)).toBe(true);

    const unban = await act(boss, target.user.id, 'unban', { reason: 'appeal accepted' });
    expect(unban.json().message).toBe(`${target.user.email} is no longer banned and may sign in again.`);
    expect((await row(target.user.id))?.bannedAt).toBeNull();
    const link = await createSignInLink(t.db, target.user.id);
    const signIn = await t.app.inject({ method: 'POST', url: '/v1/auth', payload: { token: link } });
    expect(signIn.statusCode).toBe(200);
    const twice = await act(boss, target.user.id, 'unban', { reason: 'again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, `${target.user.email} is not banned.`]);
  });

  it('terminates, refuses acting on yourself or an unknown person', async () => {
    const target = await person(t);
    expect((await act(boss, target.user.id, 'terminate', { reason: 'underage' })).statusCode).toBe(200);
    expect((await row(target.user.id))?.terminatedAt).not.toBeNull();
    const self = await act(boss, boss.user.id, 'freeze', { reason: 'x' });
    expect([self.statusCode, self.json().message]).toEqual([409, 'Staff can not act on their own account.']);
    const nobody = await act(boss, '00000000-0000-4000-8000-000000000000', 'freeze', { reason: 'x' });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('the person view', () => {
  it('shows account state, money in dollars, reports by and about them, and their evidence only', async () => {
    const { fan, creator } = await reportedCreator();
    const view = (await mo.api.get(`/v1/admin/users/${creator.user.id}`)).json();
    expect(view.person).toMatchObject({
      id: creator.user.id,
      type: 'featured',
      frozen: false,
      banned: false,
    });
    expect(view.payouts).toEqual({ count: 0, total: '$0.00' });
    expect(view.reports_about).toEqual([
      expect.objectContaining({ reporter: expect.objectContaining({ id: fan.user.id }), category: 'scam' }),
    ]);
    expect(view.reports_by).toEqual([]);
    const fanView = (await mo.api.get(`/v1/admin/users/${fan.user.id}`)).json();
    expect(fanView.person.balance).toBe('$10.00');
    expect(fanView.reports_by).toHaveLength(1);
    expect((await mo.api.get('/v1/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('pages newest first, filters by person, and refuses UPDATE and DELETE in SQL', async () => {
    const target = await person(t);
    for (const reason of ['one', 'two', 'three'])
      expect((await act(mo, target.user.id, 'warn', { reason })).statusCode).toBe(200);
    const page = (await mo.api.get(`/v1/admin/audit?target=${target.user.id}`)).json();
    expect(page.entries.map((e: { reason: string }) => e.reason)).toEqual(['three', 'two', 'one']);
    expect(page.next_before).toBeNull();

    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    const mine = sql`target_user_id = ${target.user.id}`;
    await expect(
      t.db.execute(sql`update admin_actions set reason = 'edited' where ${mine}`),
    ).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`delete from admin_actions where ${mine}`)).rejects.toMatchObject(refused);
    expect((await audit(target.user.id)).map((a) => a.reason)).toEqual(['one', 'two', 'three']);
  });
});

describe('who may call the staff routes', () => {
  it('answers 401 or 403 to fans, creators, banned staff and no token on every /v1/admin route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const id = boss.user.id;
    const url = (path: string) =>
      path
        .replace(/\{id\}/g, id)
        .replace('{decision}', 'approve')
        .replace('{name}', 'broadcast')
        .replace('{action}', 'ban');
    const fan = await person(t);
    const creator = await person(t, { type: 'featured' });
    const bannedStaff = await person(t, { isStaff: true });
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, bannedStaff.user.id));
    const callers: [string, Record<string, string>, number[]][] = [
      ['no token', {}, [401]],
      ['a fan', { 'access-token': fan.token }, [403]],
      ['a creator', { 'access-token': creator.token }, [403]],
      ['banned staff', { 'access-token': bannedStaff.token }, [401]],
    ];
    const seen: string[] = [];
    for (const { method, path } of routes) {
      for (const [who, headers, statuses] of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: url(path),
          headers,
          ...(method === 'GET' ? {} : { payload: { reason: 'x', enabled: true, action: 'ban' } }),
        });
        if (!statuses.includes(res.statusCode)) seen.push(`${method} ${path} as ${who}: ${res.statusCode}`);
      }
    }
    expect(seen).toEqual([]);
    expect((await row(id))?.bannedAt).toBeNull();
  });
});

// The routes answer to staff tokens only; a plain request with a staff token still works.
it('answers staff', async () => {
  expect((await as(t.app, boss.token).get('/v1/admin/audit')).statusCode).toBe(200);
});
