import { eq, sql } from 'drizzle-orm';
import { emailCodes, users } from '../../src/db/schema';
import { appForFile } from '../helpers/file-app';
import { codeFor, signInByEmail } from '../helpers/mailbox';

const t = appForFile();

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'access-token': token }, payload });
const me = async (token: string) =>
  (await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } })).json();
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const mailsTo = async (email: string) =>
  ((await t.app.inject({ url: '/dev/mailbox.json' })).json() as { to: string }[]).filter(
    (m) => m.to === email,
  ).length;
const holders = (email: string) => t.db.$count(users, eq(sql`lower(${users.email})`, email));
/** Moves the user's codes 31 s into the past, as if the resend cooldown had passed. */
const pastCooldown = (userId: string) =>
  t.db
    .update(emailCodes)
    .set({ createdAt: sql`${emailCodes.createdAt} - interval '31 seconds'` })
    .where(eq(emailCodes.userId, userId));

/** A fan who signed in and whose sign-in code is old enough to ask for another. */
async function fan(email: string) {
  const session = await signInByEmail(t.app, email);
  await pastCooldown(session.userId);
  return session;
}

describe('changing the email address', () => {
  it('keeps an unregistered address pending, so its owner signs into their own new account', async () => {
    const attacker = await fan('attacker@example.com');
    const changed = await post('/v1/users/change-verify-email', attacker.token, {
      email: 'Victim@Example.com',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Email sent successfully!' });
    const changeCode = await codeFor(t.app, 'victim@example.com');
    expect(await row(attacker.userId)).toMatchObject({
      email: 'attacker@example.com',
      pendingEmail: 'victim@example.com',
    });
    expect((await me(attacker.token)).email).toBe('attacker@example.com');

    // The address's owner signs in through the link mailed to them: a fresh account of their own.
    const victim = await signInByEmail(t.app, 'victim@example.com');
    expect(victim.userId).not.toBe(attacker.userId);
    expect(await me(victim.token)).toMatchObject({ _id: victim.userId, email: 'victim@example.com' });
    expect(await holders('victim@example.com')).toBe(1);

    // The code the attacker may have learnt can no longer take the address.
    const late = await post('/v1/users/verify-email', attacker.token, { code: changeCode });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This email is already in use by another account.');
    expect(await row(attacker.userId)).toMatchObject({ email: 'attacker@example.com', pendingEmail: null });
    expect((await me(victim.token))._id).toBe(victim.userId);
  });

  it('changes the address only when the code mailed to it is entered', async () => {
    const mover = await fan('mover@example.com');
    await post('/v1/users/verify-email', mover.token, { code: await codeFor(t.app, 'mover@example.com') });
    expect(
      (await post('/v1/users/change-verify-email', mover.token, { email: 'moved@example.com' })).statusCode,
    ).toBe(200);

    // While pending the account keeps its verified address, and that address still signs it in.
    expect(await me(mover.token)).toMatchObject({ email: 'mover@example.com', email_verified: true });
    expect((await signInByEmail(t.app, 'mover@example.com')).userId).toBe(mover.userId);

    const code = await codeFor(t.app, 'moved@example.com');
    const done = await post('/v1/users/verify-email', mover.token, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Email verified successfully!',
      user: { email: 'moved@example.com', email_verified: true },
    });
    expect(await row(mover.userId)).toMatchObject({ email: 'moved@example.com', pendingEmail: null });
    expect((await signInByEmail(t.app, 'moved@example.com')).userId).toBe(mover.userId);
    expect(await holders('mover@example.com')).toBe(0);
  });

  it('resends the code to the pending address when asked for it', async () => {
    const fixer = await fan('fixer@gmial.com');
    await post('/v1/users/change-verify-email', fixer.token, { email: 'fixer@gmail.com' });
    await pastCooldown(fixer.userId);
    const again = await post('/v1/users/resend-verify', fixer.token, { email: 'fixer@gmail.com' });
    expect(again.statusCode).toBe(200);
    expect(await mailsTo('fixer@gmail.com')).toBe(2);
    const done = await post('/v1/users/verify-email', fixer.token, {
      code: await codeFor(t.app, 'fixer@gmail.com'),
    });
    expect(done.json().user).toMatchObject({ email: 'fixer@gmail.com', email_verified: true });
  });

  it('drops a pending change when the fan goes back to the current address', async () => {
    const fan1 = await fan('stay@example.com');
    await post('/v1/users/change-verify-email', fan1.token, { email: 'elsewhere@example.com' });
    const elsewhereCode = await codeFor(t.app, 'elsewhere@example.com');
    await pastCooldown(fan1.userId);
    expect(
      (await post('/v1/users/change-verify-email', fan1.token, { email: 'stay@example.com' })).statusCode,
    ).toBe(200);
    expect((await row(fan1.userId))?.pendingEmail).toBeNull();
    // The new code replaced the change code, and it verifies the address the account has.
    expect((await post('/v1/users/verify-email', fan1.token, { code: elsewhereCode })).statusCode).toBe(400);
    const ok = await post('/v1/users/verify-email', fan1.token, {
      code: await codeFor(t.app, 'stay@example.com'),
    });
    expect(ok.json().user).toMatchObject({ email: 'stay@example.com', email_verified: true });
  });

  it('lets only the first of two accounts waiting for one address take it', async () => {
    const first = await fan('first@example.com');
    const second = await fan('second@example.com');
    await post('/v1/users/change-verify-email', first.token, { email: 'shared@example.com' });
    const firstCode = await codeFor(t.app, 'shared@example.com');
    await post('/v1/users/change-verify-email', second.token, { email: 'shared@example.com' });
    const secondCode = await codeFor(t.app, 'shared@example.com');

    expect((await post('/v1/users/verify-email', first.token, { code: firstCode })).statusCode).toBe(200);
    const lost = await post('/v1/users/verify-email', second.token, { code: secondCode });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe('This email is already in use by another account.');
    expect(await row(second.userId)).toMatchObject({ email: 'second@example.com', pendingEmail: null });
    await pastCooldown(second.userId);
    const retry = await post('/v1/users/change-verify-email', second.token, { email: 'shared@example.com' });
    expect(retry.statusCode).toBe(409);
  });

  it('refuses an address another account holds, and a verified address as its own new one', async () => {
    await signInByEmail(t.app, 'holder@example.com');
    const other = await fan('wants@example.com');
    const taken = await post('/v1/users/change-verify-email', other.token, { email: 'HOLDER@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(await row(other.userId)).toMatchObject({ email: 'wants@example.com', pendingEmail: null });
    expect(await mailsTo('holder@example.com')).toBe(2); // the sign-in link and its own code only

    await post('/v1/users/verify-email', other.token, { code: await codeFor(t.app, 'wants@example.com') });
    await pastCooldown(other.userId);
    const same = await post('/v1/users/change-verify-email', other.token, { email: 'wants@example.com' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Your email is already verified.');
  });
});
