import { eq } from 'drizzle-orm';
import { signInLinks, users } from '../../src/db/schema';
import { createSignInLink } from '../../src/accounts/sign-in';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { latestMailTo, signInLinkFor } from '../helpers/mailbox';
import { createUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sign = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/users/sign',
    payload: { email, web: true, react_flow: true, accept_terms: true, ...extra },
  });
const redeem = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth', payload: { token } });
const me = (token: string) => t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } });

describe('sign-in by emailed link', () => {
  it('creates the account on first use and mails a one-hour link to /login', async () => {
    const res = await sign('  New.Fan@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email sent successfully!' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.fan@example.com'));
    expect(row).toMatchObject({ type: 'user', emailVerified: false });
    const mail = await latestMailTo(t.app, 'new.fan@example.com');
    expect(mail?.text).toMatch(
      new RegExp(`^Sign in to Cove:\\n\\n${t.config.publicUrl}/login\\?token=[A-Za-z0-9_-]{43}\\n`),
    );
    const links = await t.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.userId, row?.id ?? ''));
    expect(links).toHaveLength(1);
    const ttl = (links[0]?.expiresAt.getTime() ?? 0) - (links[0]?.createdAt.getTime() ?? 0);
    expect(Math.round(ttl / 60_000)).toBe(60);
  });

  it('exchanges the link once for an access token and the user', async () => {
    await sign('once@example.com');
    const link = await signInLinkFor(t.app, 'once@example.com');
    const res = await redeem(link);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'once@example.com', type: 'user' });
    expect((await me(body.token)).json().email).toBe('once@example.com');

    const again = await redeem(link);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This link was already used. Please request a new one.');
  });

  it('refuses an expired link with the spec text', async () => {
    const user = await createUser(t.db);
    const token = await createSignInLink(t.db, user.id, new Date(Date.now() - 61 * 60_000));
    const res = await redeem(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This link has expired, links only last 1 hour.');
  });

  it('signs in exactly once when one link is redeemed many times at once', async () => {
    const user = await createUser(t.db);
    const token = await createSignInLink(t.db, user.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(19);
  });

  it('refuses an unknown link and a bad email without writing anything', async () => {
    expect((await redeem('x'.repeat(43))).statusCode).toBe(400);
    const before = await t.db.$count(users);
    const res = await sign('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email is not a valid email address.');
    expect(await t.db.$count(users)).toBe(before);
  });

  it('refuses a banned account with the suspension text', async () => {
    await createUser(t.db, { email: 'banned@example.com', bannedAt: new Date() });
    const res = await sign('banned@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account has been temporarily suspended for violating the rules.');
  });

  it('logs out by revoking the access token', async () => {
    await sign('leaving@example.com');
    const { token } = (await redeem(await signInLinkFor(t.app, 'leaving@example.com'))).json();
    const out = await t.app.inject({ method: 'DELETE', url: '/v1/auth', headers: { 'access-token': token } });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('sign-in protections', () => {
  it('limits sign-in per email and per address, naming the wait', async () => {
    const limited = await createTestApp({
      env: { SIGN_IN_PER_EMAIL_PER_10_MINUTES: '3', SIGN_IN_PER_10_MINUTES: '6' },
    });
    const ask = (email: string, remoteAddress = '203.0.113.7') =>
      limited.app.inject({
        method: 'POST',
        url: '/v1/users/sign',
        payload: { email, accept_terms: true },
        remoteAddress,
      });
    try {
      for (let i = 0; i < 3; i++) expect((await ask('Alex@example.com')).statusCode).toBe(200);
      const own = await ask('alex@example.com ');
      expect(own.statusCode).toBe(429);
      expect(own.json()).toEqual({
        message: 'Too many sign-in attempts. Try again in 10 minutes.',
        code: 'sign_in_limited',
      });
      expect(Number(own.headers['retry-after'])).toBeGreaterThan(540);
      expect(Number(own.headers['retry-after'])).toBeLessThanOrEqual(600);

      // Someone else at the same address still signs in: one person's limit is not the household's.
      for (let i = 0; i < 3; i++) expect((await ask('sam@example.com')).statusCode).toBe(200);
      // Six requests were counted for the address (alex's refused one was not), so a third person waits.
      const household = await ask('kim@example.com');
      expect(household.statusCode).toBe(429);
      expect(household.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
      expect(Number(household.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask('kim@example.com', '198.51.100.9')).statusCode).toBe(200);
      expect(await limited.db.$count(users, eq(users.email, 'kim@example.com'))).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('asks for a passed bot check when one is configured', async () => {
    const guarded = await createTestApp({ env: { BOT_CHECK: 'fake' } });
    const post = (payload: object) =>
      guarded.app.inject({
        method: 'POST',
        url: '/v1/users/sign',
        payload: { accept_terms: true, ...payload },
      });
    const missing = await post({ email: 'bot@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please confirm you are human and try again.');
    expect((await post({ email: 'bot@example.com', captcha_token: 'robot' })).statusCode).toBe(400);
    expect(await guarded.db.$count(users, eq(users.email, 'bot@example.com'))).toBe(0);
    expect((await post({ email: 'bot@example.com', captcha_token: 'human' })).statusCode).toBe(200);
    await guarded.close();
  });
});
