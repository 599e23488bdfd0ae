import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { emailCodes } from '../../src/db/schema';
import { appForFile } from '../helpers/file-app';
import { codeFor, signInByEmail } from '../helpers/mailbox';
import { signedInUser } from '../helpers/users';

const t = appForFile();

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'access-token': token }, payload });
const resend = (token: string, email: string) => post('/v1/users/resend-verify', token, { email });
/** Moves the user's codes 31 s into the past, as if the resend cooldown had passed. */
const pastCooldown = (userId: string) =>
  t.db
    .update(emailCodes)
    .set({ createdAt: sql`${emailCodes.createdAt} - interval '31 seconds'` })
    .where(eq(emailCodes.userId, userId));
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('codes an account may ask for', () => {
  it('allows five an hour, then answers 429 with the wait, also after a restart', async () => {
    const { token, userId } = await signInByEmail(t.app, 'hourly@example.com'); // code 1
    for (let i = 2; i <= 5; i++) {
      await pastCooldown(userId);
      expect((await resend(token, 'hourly@example.com')).statusCode).toBe(200);
    }
    await pastCooldown(userId);
    const refused = await resend(token, 'hourly@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(
        /^You have asked for too many codes\. Please try again in \d+ minutes\.$/,
      ),
      code: 'code_limit',
    });
    // The oldest of the five leaves the hour about 58 minutes from now (they are 31 to 155 s old).
    expect(retryAfter(refused)).toBeGreaterThan(3400);
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
    expect(await t.db.$count(emailCodes, eq(emailCodes.userId, userId))).toBe(5);

    // The count is the codes table itself: a restarted server refuses the same way.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const again = await restarted.inject({
        method: 'POST',
        url: '/v1/users/resend-verify',
        headers: { 'access-token': token },
        payload: { email: 'hourly@example.com' },
      });
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('code_limit');
    } finally {
      await restarted.close();
    }

    // The code already mailed still works.
    const ok = await post('/v1/users/verify-email', token, {
      code: await codeFor(t.app, 'hourly@example.com'),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('allows ten a day', async () => {
    const { user, token } = await signedInUser(t.db, { email: 'daily@example.com' });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // Ten codes spread over the last 23 to 14 hours: the hourly cap is free, the daily one is not.
    await t.db.insert(emailCodes).values(
      Array.from({ length: 10 }, (_, i) => ({
        userId: user.id,
        purpose: 'verify' as const,
        email: 'daily@example.com',
        codeHash: 'old',
        expiresAt: hoursAgo(23 - i),
        usedAt: hoursAgo(23 - i),
        createdAt: hoursAgo(23 - i),
      })),
    );
    const refused = await resend(token, 'daily@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You have asked for too many codes. Please try again in 60 minutes.');
    expect(retryAfter(refused)).toBeGreaterThan(3500);
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
  });

  it('gives one code to a burst of requests', async () => {
    const { user, token } = await signedInUser(t.db);
    const results = await Promise.all(Array.from({ length: 8 }, () => resend(token, user.email)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]?.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    expect(retryAfter(refused[0] ?? { headers: {} })).toBeGreaterThan(0);
    expect(await t.db.$count(emailCodes, eq(emailCodes.userId, user.id))).toBe(1);
  });
});

describe('codes mailed to one new address', () => {
  it('caps change codes to an address at five per 30 days, however many accounts ask', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t.db)));
    const ask = (token: string) =>
      post('/v1/users/change-verify-email', token, { email: 'target@example.com' });
    for (const { token } of accounts.slice(0, 5)) expect((await ask(token)).statusCode).toBe(200);
    const refused = await ask(accounts[5]?.token ?? '');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many codes were sent to this address. Please try again in 30 days.',
    );
    expect(retryAfter(refused)).toBeGreaterThan(29 * 86_400);

    // The address's owner is not locked out: their own codes are not change codes.
    const owner = await signInByEmail(t.app, 'target@example.com');
    const ok = await post('/v1/users/verify-email', owner.token, {
      code: await codeFor(t.app, 'target@example.com'),
    });
    expect(ok.json().user).toMatchObject({ email: 'target@example.com', email_verified: true });
  });
});
