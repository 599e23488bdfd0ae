import { eq } from 'drizzle-orm';
import { userEvents, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const patch = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/v1/users/${id}`, headers: { 'access-token': token }, payload });
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('PATCH /v1/users/{id}', () => {
  it('changes the owner\u2019s settings and answers the updated user', async () => {
    const { user, token } = await signedInUser(t.db);
    const res = await patch(user.id, token, {
      invisible: true,
      intro_enabled: true,
      gender: 'female',
      notification_settings: { marketing: false, payouts: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invisible: true,
      intro_enabled: true,
      gender: 'female',
      notification_settings: { marketing: false, notifications: true, payments: true, payouts: false },
    });
    expect(await row(user.id)).toMatchObject({
      invisible: true,
      introEnabled: true,
      notifyMarketing: false,
      notifyPayouts: false,
    });
  });

  it("refuses to touch another user's account", async () => {
    const { token } = await signedInUser(t.db);
    const { user: other } = await signedInUser(t.db);
    const res = await patch(other.id, token, { invisible: true, username: 'hijack' });
    expect(res.statusCode).toBe(403);
    expect(await row(other.id)).toMatchObject({ invisible: false, username: other.username });
  });

  it('applies the username rules with the spec texts', async () => {
    const { user, token } = await signedInUser(t.db);
    const cases: [string, number, string][] = [
      ['ab', 400, 'Username should contain at least 3 characters'],
      ['-ab-', 400, 'Usernames must start with letters or numbers'],
      ['bad name', 400, 'Usernames can only contain letters, numbers and hyphens'],
      ['support', 409, 'This Username Has Already Been Taken'],
      ['SUPPORT', 409, 'This Username Has Already Been Taken'],
    ];
    for (const [username, status, message] of cases) {
      const res = await patch(user.id, token, { username });
      expect([username, res.statusCode, res.json().message]).toEqual([username, status, message]);
    }
    expect((await row(user.id))?.username).toBe(user.username);
    expect((await patch(user.id, token, { username: 'fresh-name' })).json().username).toBe('fresh-name');
  });

  it('gives one of two simultaneous claimants a name', async () => {
    const a = await signedInUser(t.db);
    const b = await signedInUser(t.db);
    const [ra, rb] = await Promise.all([
      patch(a.user.id, a.token, { username: 'race-name' }),
      patch(b.user.id, b.token, { username: 'race-name' }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
  });

  it('takes an invite code once', async () => {
    const { user, token } = await signedInUser(t.db);
    expect((await patch(user.id, token, { code_used: 'tiger1' })).json().code_used).toBe('tiger1');
    const again = await patch(user.id, token, { code_used: 'lion2' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'An invite code is already set on this account.',
    ]);
    expect((await row(user.id))?.codeUsed).toBe('tiger1');
  });

  it('refuses fields a user may not set', async () => {
    const { user, token } = await signedInUser(t.db);
    const res = await patch(user.id, token, { is_staff: true });
    expect(res.statusCode).toBe(400);
    expect((await row(user.id))?.isStaff).toBe(false);
  });

  it('schedules and cancels deletion, telling the user each time', async () => {
    const { user, token } = await signedInUser(t.db);
    const scheduled = (await patch(user.id, token, { deleted_scheduled: true })).json();
    expect(scheduled.deleted_scheduled).toBe(true);
    const days = (Date.parse(scheduled.delete_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const cancelled = (await patch(user.id, token, { deleted_scheduled: false })).json();
    expect(cancelled).toMatchObject({ deleted_scheduled: false, delete_at: null });
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect(events.map((e) => [e.type, e.payload.delete_at === null])).toEqual([
      ['deletion-scheduled', false],
      ['deletion-scheduled', true],
    ]);
  });
});

describe('username availability, tags and geo', () => {
  it('tells whether a username is free', async () => {
    const { token } = await signedInUser(t.db, { username: 'mine-already' });
    const ask = async (username: string) =>
      (
        await t.app.inject({
          url: `/v1/username-available?username=${encodeURIComponent(username)}`,
          headers: { 'access-token': token },
        })
      ).json();
    expect(await ask('brand-new')).toEqual({ available: true, message: null });
    expect(await ask('info')).toEqual({ available: false, message: 'This Username Has Already Been Taken' });
    expect(await ask('mine-already')).toEqual({ available: true, message: null });
    expect(await ask('x')).toEqual({
      available: false,
      message: 'Username should contain at least 3 characters',
    });
  });

  it('adds tags once each', async () => {
    const { user, token } = await signedInUser(t.db);
    const add = (tag: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/tags',
        headers: { 'access-token': token },
        payload: { tag },
      });
    await add('Music');
    expect((await add('music')).json()).toEqual({ tags: ['music'] });
    expect((await row(user.id))?.tags).toEqual(['music']);
  });

  it('answers geo from the trusted proxy header without outside calls', async () => {
    const res = await t.app.inject({ url: '/v1/geo_ip', headers: { 'cf-ipcountry': 'DE' } });
    expect(res.json()).toEqual({ ip: '127.0.0.1', country_code: 'DE' });
  });
});
