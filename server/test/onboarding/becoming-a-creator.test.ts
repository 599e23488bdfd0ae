import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { runAdminCommand } from '../../src/admin/commands';
import { issueAccessToken } from '../../src/auth/tokens';
import { adminActions, payments, userEvents, users } from '../../src/db/schema';
import { demoApplicant, demoStaff } from '../../src/seed/demo-applications';
import { demoEmail, seedDemoWorld } from '../../src/seed/demo-world';
import { creditsOf } from '../../src/ledger/ledger';
import { as } from '../helpers/api';
import { fanAndCreator, text } from '../helpers/chats';
import { idPhoto, uploadIdPhoto } from '../helpers/id-photos';
import { CARDS, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adult = { bio: 'I sing and paint.', date_of_birth: '1990-04-02', country: 'nl' };
const rejectedText = "Sorry. Your application was rejected. You can't apply again";
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const events = async (userId: string) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId))).map((e) => ({
    type: e.type,
    payload: e.payload,
  }));
const name = () => `applicant${Math.random().toString(36).slice(2, 10)}`;

/** A fan who applied, with their client. */
async function applicant() {
  const { user, token } = await signedInUser(t.db);
  const api = as(t.app, token);
  const username = name();
  const res = await api.post('/v1/users/apply', { ...adult, username });
  expect(res.statusCode).toBe(200);
  return { user, api, username };
}

/** Takes the sandbox identity check through its page with the given outcome. */
async function takeCheck(api: ReturnType<typeof as>, outcome: 'verified' | 'retake') {
  const started = (await api.post('/v1/users/id-verification')).json();
  expect(started).toMatchObject({ identity_check: 'in_progress', id_verification_status: 'in_progress' });
  const page = await t.app.inject({ method: 'GET', url: started.check_url });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Verify your identity');
  if (outcome === 'verified')
    expect((await uploadIdPhoto(t.app, started.check_url, 'front', await idPhoto(800, 500))).statusCode).toBe(
      200,
    );
  const done = await t.app.inject({
    method: 'POST',
    url: started.check_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(done.statusCode).toBe(303);
  expect(done.headers.location).toBe('/apply');
  return started.check_url as string;
}

async function staff() {
  const { token } = await signedInUser(t.db, { isStaff: true });
  return as(t.app, token);
}

async function applicationId(userId: string): Promise<string> {
  const list = (await (await staff()).get('/v1/admin/applications')).json();
  const found = list.applications.find((a: { user_id: string }) => a.user_id === userId);
  expect(found).toBeDefined();
  return found.id;
}

describe('applying to become a creator', () => {
  it('refuses the under-18, bad dates, bad countries and taken names, and changes nothing', async () => {
    const { user, token } = await signedInUser(t.db);
    const api = as(t.app, token);
    const eighteenTomorrow = new Date(Date.now() + 86_400_000);
    eighteenTomorrow.setUTCFullYear(eighteenTomorrow.getUTCFullYear() - 18);
    const minor = await api.post('/v1/users/apply', {
      ...adult,
      username: name(),
      date_of_birth: eighteenTomorrow.toISOString().slice(0, 10),
    });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().message).toBe('Enter a real date of birth; you must be 18 or older.');
    expect(
      (await api.post('/v1/users/apply', { ...adult, username: name(), date_of_birth: '1990-02-30' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api.post('/v1/users/apply', { ...adult, username: name(), country: 'Netherlands' })).statusCode,
    ).toBe(400);
    const other = await signedInUser(t.db);
    const taken = await api.post('/v1/users/apply', { ...adult, username: other.user.username });
    expect(taken.statusCode).toBe(409);
    expect(await row(user.id)).toMatchObject({ requiresModeration: false, idVerificationStatus: null });
    expect((await api.get('/v1/users/id-verification')).json()).toEqual({
      application: 'none',
      id_verification_status: null,
      identity_check: null,
      check_url: null,
    });
  });

  it('keeps the applicant a fan, hidden and moderated, and takes one application only', async () => {
    const { user, api, username } = await applicant();
    expect(await row(user.id)).toMatchObject({
      type: 'user',
      username,
      bio: adult.bio,
      requiresModeration: true,
      idVerificationStatus: 'pending',
      discoverStatus: 'hidden',
    });
    const again = await api.post('/v1/users/apply', { ...adult, username });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your application is already in review.');
    // Still a fan: creator tools stay closed until approval.
    expect((await api.get('/v1/auto-messages')).statusCode).toBe(403);
  });

  it('moves the sandbox identity check to retake, then to verified, and closes its page', async () => {
    const { user, api } = await applicant();
    const first = await takeCheck(api, 'retake');
    expect((await api.get('/v1/users/id-verification')).json()).toEqual({
      application: 'pending',
      id_verification_status: 'pending',
      identity_check: 'retake',
      check_url: null,
    });
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const second = await takeCheck(api, 'verified');
    expect(second).not.toBe(first);
    expect(await row(user.id)).toMatchObject({
      identityCheck: 'verified',
      idVerificationStatus: 'in_progress',
    });
    // A finished check cannot be reopened or answered twice.
    expect((await api.post('/v1/users/id-verification')).statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: second,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=retake',
    });
    expect((await row(user.id))?.identityCheck).toBe('verified');
  });
});

describe('staff decisions', () => {
  it('refuses the staff API to anyone but staff', async () => {
    const { user, api } = await applicant();
    expect((await api.get('/v1/admin/applications')).statusCode).toBe(403);
    const id = await applicationId(user.id);
    expect(
      (await api.post(`/v1/admin/applications/${id}/approve`, { reason: 'checked the ID' })).statusCode,
    ).toBe(403);
    expect((await as(t.app, 'nobody').get('/v1/admin/applications')).statusCode).toBe(401);
  });

  it('approves only after the identity check passed, and the person becomes a listed creator', async () => {
    const { user, api, username } = await applicant();
    const id = await applicationId(user.id);
    const boss = await staff();
    const early = await boss.post(`/v1/admin/applications/${id}/approve`, { reason: 'checked the ID' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The identity check has not passed yet.');
    await takeCheck(api, 'verified');
    const list = (await boss.get('/v1/admin/applications')).json().applications;
    expect(list.find((a: { id: string }) => a.id === id)).toMatchObject({
      username,
      country: 'NL',
      identity_check: 'verified',
    });
    expect(
      (await boss.post(`/v1/admin/applications/${id}/approve`, { reason: 'checked the ID' })).json(),
    ).toEqual({
      id,
      status: 'approved',
    });
    expect(await row(user.id)).toMatchObject({
      type: 'featured',
      idVerified: true,
      idVerificationStatus: 'verified',
      requiresModeration: false,
      discoverStatus: 'featured',
    });
    // The decision, and its record in the person's notifications.
    expect(await events(user.id)).toEqual([
      { type: 'approved', payload: expect.anything() },
      {
        type: 'notification',
        payload: { notification: expect.objectContaining({ kind: 'application', detail: 'approved' }) },
      },
    ]);
    expect((await api.get('/v1/users/id-verification')).json().application).toBe('approved');
    expect(
      (await boss.get('/v1/admin/applications')).json().applications.map((a: { id: string }) => a.id),
    ).not.toContain(id);
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, user.id));
    expect(log.map((l) => [l.actor.startsWith('staff:'), l.command])).toEqual([[true, 'approve']]);
  });

  it('rejects for good: the event, and no second application', async () => {
    const { user, api, username } = await applicant();
    const id = await applicationId(user.id);
    expect(
      (await (await staff()).post(`/v1/admin/applications/${id}/reject`, { reason: 'checked the ID' }))
        .statusCode,
    ).toBe(200);
    expect(await row(user.id)).toMatchObject({
      type: 'user',
      idVerificationStatus: 'rejected',
      discoverStatus: 'denied',
    });
    expect((await events(user.id)).map((e) => e.type)).toEqual(['onboarding_rejected', 'notification']);
    const again = await api.post('/v1/users/apply', { ...adult, username });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(rejectedText);
    expect((await api.get('/v1/users/id-verification')).json().application).toBe('rejected');
  });

  it('approves and rejects through the CLI function, with the same checks and an audit row', async () => {
    const admin = (command: 'approve' | 'reject', email: string) =>
      runAdminCommand(t.db, t.app.realtime, { actor: 'ops@test', command, email, args: [] });
    const one = await applicant();
    await expect(admin('approve', one.user.email)).rejects.toThrow('The identity check has not passed yet.');
    await takeCheck(one.api, 'verified');
    expect(await admin('approve', one.user.email)).toBe(`${one.user.email} is approved.`);
    expect((await row(one.user.id))?.type).toBe('featured');

    const two = await applicant();
    expect(await admin('reject', two.user.email)).toBe(`${two.user.email} is rejected.`);
    const again = await two.api.post('/v1/users/apply', { ...adult, username: name() });
    expect(again.json().message).toBe(rejectedText);
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, two.user.id));
    expect(log.map((l) => [l.actor, l.command])).toEqual([['ops@test', 'reject']]);
  });
});

describe('the restricted rule', () => {
  it('keeps a restricted creator from posting and from taking subscribers', async () => {
    const { user, token } = await signedInUser(t.db, {
      type: 'featured',
      requiresModeration: true,
      idVerificationStatus: 'pending',
      subscriptionPrice: 50,
    });
    const post = await as(t.app, token).post('/v1/feed', {
      send_id: crypto.randomUUID(),
      type: 'text',
      text: 'hi',
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe(
      'Your creator account is under review; you can do this once it is approved.',
    );
    const fan = await signedInUser(t.db);
    const sub = await as(t.app, fan.token).post('/v1/subscriptions', {
      model_id: user.id,
      send_id: crypto.randomUUID(),
    });
    expect(sub.statusCode).toBe(403);
    expect(sub.json().message).toBe('This creator is not available right now.');
    // The profile says so, so a fan in a chat with them is not offered Subscribe.
    const profile = await as(t.app, token).get(`/v1/users/${user.id}/profile`);
    expect(profile.json().data).toMatchObject({ restricted: true, subscription_price: 50 });
  });
});

describe('a creator restricted after fans reached them', () => {
  it('sells nothing new: paid messages, broadcasts and tips wait for approval; free messages go on', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: 500,
      rate: 0,
      creator: { features: { broadcast: true } },
    });
    const before = { chat_id: chatId, amount: 10, send_id: randomUUID() };
    expect((await fan.api.post('/v1/messages/tip', before)).statusCode).toBe(200);
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));
    const underReview = 'Your creator account is under review; you can do this once it is approved.';
    // A retry of a tip made before is answered as it was, not refused.
    expect((await fan.api.post('/v1/messages/tip', before)).statusCode).toBe(200);

    const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 50 }));
    expect([paid.statusCode, paid.json().message]).toEqual([403, underReview]);
    const cast = await creator.api.post('/v1/broadcast/send', { text: 'Hi all', send_id: randomUUID() });
    expect([cast.statusCode, cast.json().message]).toEqual([403, underReview]);
    const tip = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 25,
      send_id: randomUUID(),
    });
    expect([tip.statusCode, tip.json().message]).toEqual([403, 'This creator is not available right now.']);
    // By card too, before the card is charged.
    const card = await payWithCard(t.app, fan.api, CARDS.visa, { chat_id: chatId, tip: 25 });
    expect([card.statusCode, card.json().message]).toEqual([403, 'This creator is not available right now.']);
    expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(0);
    expect(await creditsOf(t.db, fan.user.id)).toBe(490);

    expect((await creator.api.post('/v1/messages', text(fan.user.id, 'Still here'))).statusCode).toBe(200);
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'Hi!'))).statusCode).toBe(200);
  });
});

describe('feature permissions', () => {
  it('staff set a feature and the user hears every feature as it now applies', async () => {
    const { user, token } = await signedInUser(t.db, { type: 'featured', features: { broadcast: true } });
    const url = `/v1/admin/users/${user.id}/features/broadcast`;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: { 'access-token': token },
          payload: { enabled: false, reason: 'broadcast misuse' },
        })
      ).statusCode,
    ).toBe(403);
    const { token: staffToken } = await signedInUser(t.db, { isStaff: true });
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'access-token': staffToken },
      payload: { enabled: false, reason: 'broadcast misuse' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().features.broadcast).toBe(false);
    const [event] = await events(user.id);
    expect(event?.type).toBe('provider_features_update');
    expect(event?.payload).toMatchObject({ features: res.json().features });
    expect(Object.keys((event?.payload as { features: object }).features).length).toBeGreaterThan(1);
    const config = (await as(t.app, token).get('/v1/provider/config?platform=react')).json();
    expect(config.features.broadcast).toBe(false);
  });
});

describe('the demo world', () => {
  it('has a staff member with an application waiting for them', async () => {
    await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
    const [staffRow] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail(demoStaff)));
    expect(staffRow?.isStaff).toBe(true);
    const token = await issueAccessToken(t.db, staffRow?.id ?? '', { factorPassed: true });
    const list = (await as(t.app, token).get('/v1/admin/applications')).json().applications;
    expect(list).toContainEqual(
      expect.objectContaining({ username: demoApplicant, identity_check: 'verified', country: 'PT' }),
    );
  });
});
