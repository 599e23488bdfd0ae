import { eq } from 'drizzle-orm';
import { hashToken, issueAccessToken, revokeAccessToken } from '../src/auth/tokens';
import { requireRole } from '../src/auth/guards';
import { accessTokens, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createUser, signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/v1/test/creators-only', { onRequest: requireRole('featured') }, async () => ({ ok: true }));
      app.get('/v1/test/staff-only', { onRequest: requireRole('staff') }, async () => ({ ok: true }));
      app.get('/v1/test/fans-only', { onRequest: requireRole('user') }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/v1/users/me', headers: token ? { 'access-token': token } : {} });

describe('access tokens', () => {
  it('refuses a protected route without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
  });

  it('refuses a token that was never issued', async () => {
    const res = await me('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in');
  });

  it('signs in with a live token and stores only its hash', async () => {
    const { user, token } = await signedInUser(t.db, { email: 'ada@example.com', username: 'ada' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      email: 'ada@example.com',
      username: 'ada',
      type: 'user',
      credits: 0,
      email_verified: false,
      deleted_scheduled: false,
      delete_at: null,
      restricted: false,
      notification_settings: { marketing: true, notifications: true, payments: true, payouts: true },
    });
  });

  it('refuses a revoked token', async () => {
    const { token } = await signedInUser(t.db);
    await revokeAccessToken(t.db, token);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a banned user's token", async () => {
    const { user, token } = await signedInUser(t.db);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a terminated user's token", async () => {
    const { user, token } = await signedInUser(t.db);
    await t.db.update(users).set({ terminatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('gives each sign-in its own token', async () => {
    const user = await createUser(t.db);
    const [a, b] = await Promise.all([issueAccessToken(t.db, user.id), issueAccessToken(t.db, user.id)]);
    expect(a).not.toBe(b);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
  });
});

describe('role guards', () => {
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'access-token': token } });

  it('lets creators through the creator guard and keeps fans out', async () => {
    const creator = await signedInUser(t.db, { type: 'featured' });
    const fan = await signedInUser(t.db, { type: 'user' });
    expect((await get('/v1/test/creators-only', creator.token)).statusCode).toBe(200);
    const refused = await get('/v1/test/creators-only', fan.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Forbidden', code: 'forbidden' });
    expect((await get('/v1/test/fans-only', fan.token)).statusCode).toBe(200);
    expect((await get('/v1/test/fans-only', creator.token)).statusCode).toBe(403);
  });

  it('admits staff by either staff flag only', async () => {
    const staff = await signedInUser(t.db, { isStaff: true });
    const moderator = await signedInUser(t.db, { isStaffMo: true });
    const fan = await signedInUser(t.db);
    expect((await get('/v1/test/staff-only', staff.token)).statusCode).toBe(200);
    expect((await get('/v1/test/staff-only', moderator.token)).statusCode).toBe(200);
    expect((await get('/v1/test/staff-only', fan.token)).statusCode).toBe(403);
  });

  it('refuses staff whose session has not passed the second factor', async () => {
    const staff = await createUser(t.db, { isStaff: true });
    const res = await get('/v1/test/staff-only', await issueAccessToken(t.db, staff.id));
    expect([res.statusCode, res.json().code]).toEqual([403, 'factor_setup_required']);
  });

  it('answers 401, not 403, when nobody is signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/staff-only' });
    expect(res.statusCode).toBe(401);
  });
});
