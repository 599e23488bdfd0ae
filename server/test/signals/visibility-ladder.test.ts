import { eq, sql } from 'drizzle-orm';
import { adminActions, users } from '../../src/db/schema';
import { refreshDiscoverActivity } from '../../src/discover/activity';
import { runAdminCommand } from '../../src/admin/commands';
import { person, type Party } from '../helpers/chats';
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

const DAY = 24 * 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const creator = (username: string, values: Parameters<typeof person>[1] = {}) =>
  person(t, { type: 'featured', username, discoverStatus: 'featured', ...values });
const penalize = (by: Party, id: string, reason = 'copied photos from another creator') =>
  by.api.post(`/v1/admin/users/${id}/actions/penalize`, { reason });
const me = async (p: Party) => (await p.api.get('/v1/users/me')).json();
const place = async (p: Party): Promise<number> => (await p.api.get('/v1/users/me/signals')).json().rank;
const names = (res: { json(): { data: { username: string }[] } }) => res.json().data.map((p) => p.username);

describe("a creator's visibility ladder", () => {
  it('warns, warns a final time, then lowers the rank for 7 days, live and audited', async () => {
    const fan = await person(t, { username: 'ladder-fan' });
    const target = await creator('lad-busy', { isOnline: true, lastOnline: hoursAgo(0) });
    await creator('lad-quiet', { lastOnline: hoursAgo(60) });
    const list = async () => names(await fan.api.get('/v1/users/discover?featured=false&q=lad-'));
    expect(await list()).toEqual(['lad-busy', 'lad-quiet']);
    expect(await place(target)).toBe(1);
    expect(await me(target)).toMatchObject({
      punishment_alert: false,
      final_punishment_alert: false,
      discover_warning: null,
    });

    const socket = openSocket(wsBase(t.app), target.token);
    await socket.opened;
    expect((await penalize(boss, target.user.id)).statusCode).toBe(200);
    expect(await socket.until((m) => m.type === 'discover_warning')).toMatchObject({
      warning: { level: 'punishment_alert', reason: 'copied photos from another creator' },
    });
    expect(await me(target)).toMatchObject({ punishment_alert: true, final_punishment_alert: false });
    // Warnings leave the place in Discover alone.
    expect(await list()).toEqual(['lad-busy', 'lad-quiet']);

    await penalize(mo, target.user.id, 'again');
    expect(await me(target)).toMatchObject({
      punishment_alert: false,
      final_punishment_alert: true,
      discover_warning: { level: 'final_punishment_alert', reason: 'again' },
    });

    const before = Date.now();
    await penalize(boss, target.user.id, 'third time');
    const penalty = (await me(target)).discover_warning;
    expect(penalty).toMatchObject({ level: 'penalty', reason: 'third time' });
    const ends = Date.parse(penalty.ends_at);
    expect(ends).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    // Online or not, a penalized creator comes after everyone else, and sees their place drop.
    expect(await list()).toEqual(['lad-quiet', 'lad-busy']);
    expect(await place(target)).toBe(2);

    expect(
      (await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, target.user.id))).map(
        (a) => [a.command, a.reason],
      ),
    ).toEqual([
      ['penalize', 'copied photos from another creator'],
      ['penalize', 'again'],
      ['penalize', 'third time'],
    ]);

    await boss.api.post(`/v1/admin/users/${target.user.id}/actions/lift-penalty`, {
      reason: 'appeal upheld',
    });
    expect(
      await socket.until((m) => m.type === 'discover_warning' && 'warning' in m && m.warning === null),
    ).toBeTruthy();
    expect((await me(target)).discover_warning).toBeNull();
    expect(await list()).toEqual(['lad-busy', 'lad-quiet']);
    socket.ws.close();
  });

  it('lets a penalty end with time, and a lapsed ladder start again from the first warning', async () => {
    const fan = await person(t, { username: 'lapse-fan' });
    const target = await creator('lapse-busy', { isOnline: true, lastOnline: hoursAgo(0) });
    await creator('lapse-quiet', { lastOnline: hoursAgo(60) });
    const list = async () => names(await fan.api.get('/v1/users/discover?featured=false&q=lapse-'));
    for (const reason of ['one', 'two', 'three']) await penalize(boss, target.user.id, reason);
    expect(await list()).toEqual(['lapse-quiet', 'lapse-busy']);

    // Time passing changes no row: the penalty's end is what the job reads.
    await t.db.execute(sql`alter table users disable trigger users_discover_rank`);
    await t.db.execute(
      sql`update users set punishment_until = now() - interval '1 minute' where id = ${target.user.id}`,
    );
    await t.db.execute(sql`alter table users enable trigger users_discover_rank`);
    expect((await me(target)).discover_warning).toBeNull();
    await refreshDiscoverActivity(t.db);
    expect(await list()).toEqual(['lapse-busy', 'lapse-quiet']);

    await penalize(boss, target.user.id, 'four');
    expect((await me(target)).discover_warning).toMatchObject({ level: 'punishment_alert', reason: 'four' });
  });

  it('is for staff and moderators only, on creators, with a reason', async () => {
    const target = await creator('ladder-guarded');
    const fan = await person(t);
    const other = await creator('ladder-other');
    for (const caller of [fan, other]) {
      const res = await penalize(caller, target.user.id);
      expect(res.statusCode).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v1/admin/users/${target.user.id}/actions/penalize`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const noReason = await mo.api.post(`/v1/admin/users/${target.user.id}/actions/penalize`, {});
    expect([noReason.statusCode, noReason.json().message]).toEqual([
      400,
      expect.stringContaining('A reason is required.'),
    ]);
    const onFan = await penalize(boss, fan.user.id);
    expect(onFan.statusCode).toBe(409);
    expect(onFan.json().message).toContain('is not a creator');
    expect((await me(target)).discover_warning).toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row?.punishmentLevel).toBe(0);
  });

  it('asks the command line for a reason, since the creator reads it', async () => {
    const target = await creator('ladder-cli');
    await expect(
      runAdminCommand(t.db, t.app.realtime, {
        actor: 'cli',
        command: 'penalize',
        userId: target.user.id,
        args: [],
      }),
    ).rejects.toThrow('penalize needs --reason');
  });
});
