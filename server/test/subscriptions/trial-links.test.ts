import { eq } from 'drizzle-orm';
import { subscriptionTrialLinks } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { insertSubscription } from '../helpers/subscriptions';
import { fanAndCreator, subscriptionOf } from './helpers';
import { after, chargesOf, DAY, redeem, sweep, trialLink } from './offers-helpers';

const t = balancedAppForFile();

describe('free-trial links', () => {
  it('gives a free trial that ends with it when renewal was not confirmed', async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const link = await trialLink(creator, { trial_days: 7 });
    expect(link.path).toBe(`/${creator.user.username}?trial=${link.code}`);
    const offer = (await fan.api.get(`/v1/trial-links/${link.code}`)).json().data;
    expect(offer).toMatchObject({
      trial_days: 7,
      price: 100,
      status: 'active',
      creator: { _id: creator.user.id },
    });

    const res = await redeem(fan, link.code, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credits: 500, data: { status: 'canceled', trial: true } });
    const row = await subscriptionOf(t, fan, creator);
    expect(row.currentPeriodEnd.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(row.currentPeriodEnd.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);
    // The fan sees subscriber content: the profile says subscribed.
    const profile = (await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json().data;
    expect(profile.subscription).toMatchObject({ status: 'canceled' });
    const offers = (await creator.api.get('/v1/subscription-offers')).json().data;
    expect(offers.trial_links[0]).toMatchObject({ used: 1, max_uses: 10, status: 'active' });

    await sweep(t, after(row.currentPeriodEnd, 1000));
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired' });
    expect(await chargesOf(t, row.id)).toHaveLength(0);
    expect(await creditsOf(t.db, fan.user.id)).toBe(500);
  });

  it('renews at the monthly price after the trial when the fan confirmed it', async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const link = await trialLink(creator, { trial_days: 14 });
    const wrong = await redeem(fan, link.code, true, 90);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('total_changed');
    const noPrice = await redeem(fan, link.code, true);
    expect(noPrice.statusCode).toBe(400);

    expect((await redeem(fan, link.code, true, 100)).json().data).toMatchObject({
      status: 'active',
      trial: true,
    });
    const row = await subscriptionOf(t, fan, creator);
    await sweep(t, after(row.currentPeriodEnd, 1000));
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({
      status: 'active',
      period: 2,
      periodPaid: 100,
    });
    expect((await chargesOf(t, row.id)).map((c) => c.idempotencyKey)).toEqual([`subscription:${row.id}:2`]);
    expect(await creditsOf(t.db, fan.user.id)).toBe(400);
  });

  it('is for fans who never subscribed, and a retried redeem answers once', async () => {
    const { fan, creator } = await fanAndCreator(t, 0, 100);
    const link = await trialLink(creator);
    await insertSubscription(t, fan, creator, {
      status: 'expired',
      price: 100,
      currentPeriodEnd: new Date(Date.now() - DAY),
    });
    const res = await redeem(fan, link.code, false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'trial_not_eligible',
      message: 'Free trials are for fans who have never subscribed to this creator.',
    });

    const other = await person(t, { type: 'user' });
    const sendId = 'trial-retry';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeem(other, link.code, false, undefined, sendId)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await t.db
      .select()
      .from(subscriptionTrialLinks)
      .where(eq(subscriptionTrialLinks.id, link._id));
    expect(row?.used).toBe(1);
  });

  it('refuses an expired, a revoked and an unknown link', async () => {
    const { fan, creator } = await fanAndCreator(t, 0, 100);
    const link = await trialLink(creator);
    await t.db
      .update(subscriptionTrialLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptionTrialLinks.id, link._id));
    const expired = await redeem(fan, link.code, false);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'trial_link_expired',
      message: 'This free-trial link has expired.',
    });

    const second = await trialLink(creator);
    const stranger = await person(t, { type: 'featured', subscriptionPrice: 100 });
    expect((await stranger.api.delete(`/v1/subscription-offers/trial-links/${second._id}`)).statusCode).toBe(
      404,
    );
    const revoked = await creator.api.delete(`/v1/subscription-offers/trial-links/${second._id}`);
    expect(revoked.json().data.status).toBe('revoked');
    expect((await redeem(fan, second.code, false)).json().code).toBe('trial_link_revoked');
    expect((await redeem(fan, 'no-such-code', false)).statusCode).toBe(404);
    expect((await fan.api.get('/v1/subscriptions')).json().total).toBe(0);
  });

  it('gives exactly as many trials as the link allows to 200 fans redeeming at once', async () => {
    const creator = await person(t, { type: 'featured', subscriptionPrice: 100 });
    const link = await trialLink(creator, { max_uses: 5 });
    const fans = await Promise.all(Array.from({ length: 200 }, () => person(t, { type: 'user' })));
    const answers = await Promise.all(fans.map((fan) => redeem(fan, link.code, false)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 'trial_link_used_up')).toHaveLength(195);
    const refused = answers.find((a) => a.statusCode !== 200);
    expect(refused?.json().message).toBe('This free-trial link has been used up.');
    const offers = (await creator.api.get('/v1/subscription-offers')).json().data;
    expect(offers.trial_links[0]).toMatchObject({ used: 5, max_uses: 5, status: 'used_up' });
  });
});
