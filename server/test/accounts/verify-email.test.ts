import { and, eq } from 'drizzle-orm';
import { emailCodes, users } from '../../src/db/schema';
import { appForFile } from '../helpers/file-app';
import { codeFor, latestMailTo, signInByEmail } from '../helpers/mailbox';

const t = appForFile();

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'access-token': token }, payload });
const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
/** Moves the user's codes into the past, as if the 30 s cooldown had passed. */
const age = (userId: string, ms: number) =>
  t.db
    .update(emailCodes)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(emailCodes.userId, userId));

describe('email verification', () => {
  it('mails a code when a new fan first signs in, and verifies with it', async () => {
    const { token, userId } = await signInByEmail(t.app, 'verify@example.com');
    const code = await codeFor(t.app, 'verify@example.com');

    const wrong = await post('/v1/users/verify-email', token, { code: wrongOf(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Wrong code. Please try again.');

    const ok = await post('/v1/users/verify-email', token, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Email verified successfully!',
      user: { email_verified: true },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);

    const reused = await post('/v1/users/verify-email', token, { code });
    expect(reused.statusCode).toBe(400);
  });

  it('stores codes only as hashes', async () => {
    const { userId } = await signInByEmail(t.app, 'hashed@example.com');
    const code = await codeFor(t.app, 'hashed@example.com');
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
  });

  it('allows five wrong tries, then needs a new code even for the right one', async () => {
    const { token } = await signInByEmail(t.app, 'guesser@example.com');
    const code = await codeFor(t.app, 'guesser@example.com');
    for (let i = 0; i < 5; i++)
      expect((await post('/v1/users/verify-email', token, { code: wrongOf(code) })).statusCode).toBe(400);
    const locked = await post('/v1/users/verify-email', token, { code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('compares at most five guesses even when a hundred arrive at once', async () => {
    const { token, userId } = await signInByEmail(t.app, 'burst@example.com');
    const code = await codeFor(t.app, 'burst@example.com');
    const guesses = Array.from({ length: 100 }, (_, i) => String(i).padStart(4, '0')).filter(
      (g) => g !== code,
    );
    const results = await Promise.all(guesses.map((g) => post('/v1/users/verify-email', token, { code: g })));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(guesses.length - 5);
    const [row] = await t.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId)));
    expect(row?.attempts).toBe(5);
  });

  it('refuses an expired code', async () => {
    const { token, userId } = await signInByEmail(t.app, 'late@example.com');
    const code = await codeFor(t.app, 'late@example.com');
    await t.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, userId));
    const res = await post('/v1/users/verify-email', token, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please ask for a new one.');
  });

  it('resends after the 30 second cooldown, and only the newest code works', async () => {
    const { token, userId } = await signInByEmail(t.app, 'resend@example.com');
    const first = await codeFor(t.app, 'resend@example.com');
    const early = await post('/v1/users/resend-verify', token, { email: 'resend@example.com' });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    await age(userId, 31_000);
    const again = await post('/v1/users/resend-verify', token, { email: 'resend@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Email sent successfully!' });
    const second = await codeFor(t.app, 'resend@example.com');
    if (first !== second)
      expect((await post('/v1/users/verify-email', token, { code: first })).statusCode).toBe(400);
    expect((await post('/v1/users/verify-email', token, { code: second })).statusCode).toBe(200);
  });

  it('verifies a different address after the fan corrects it', async () => {
    const { token, userId } = await signInByEmail(t.app, 'typo@gmial.com');
    await age(userId, 31_000);
    const changed = await post('/v1/users/change-verify-email', token, { email: 'typo@gmail.com' });
    expect(changed.statusCode).toBe(200);
    expect(await latestMailTo(t.app, 'typo@gmail.com')).toBeDefined();
    const code = await codeFor(t.app, 'typo@gmail.com');
    const ok = await post('/v1/users/verify-email', token, { code });
    expect(ok.json().user).toMatchObject({ email: 'typo@gmail.com', email_verified: true });
  });

  it('refuses an address that belongs to someone else', async () => {
    await signInByEmail(t.app, 'taken@example.com');
    const { token, userId } = await signInByEmail(t.app, 'other@example.com');
    await age(userId, 31_000);
    const res = await post('/v1/users/change-verify-email', token, { email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.email).toBe('other@example.com');
  });
});
