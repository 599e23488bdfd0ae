import { creditsOf } from '../../src/ledger/ledger';
import { person, grantCredits } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { insertSubscription } from '../helpers/subscriptions';
import { fanAndCreator } from './helpers';
import { buy, DAY, promote } from './offers-helpers';

const t = balancedAppForFile();

describe('promotions', () => {
  it('takes its share off the first month of a new fan only, shown on the profile and public page', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const made = await promote(creator, { audience: 'new', percent_off: 40 });
    expect(made.statusCode).toBe(200);
    const promotion = made.json().data;
    expect(promotion).toMatchObject({ status: 'active', used: 0, percent_off: 40 });

    const options = (await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json().data.subscribe_options;
    expect(options[0]).toMatchObject({
      months: 1,
      total: 60,
      saving: 40,
      promotion: { _id: promotion._id, ends_at: promotion.ends_at },
    });
    const page = await t.app.inject({ method: 'GET', url: `/v1/public/creators/${creator.user.username}` });
    expect(page.json().data.subscribe_options[0]).toMatchObject({ total: 60 });

    // A returning fan (an ended subscription) is not new.
    const returning = await person(t, { type: 'user' });
    await grantCredits(t.db, returning.user.id, 1000);
    await insertSubscription(t, returning, creator, {
      status: 'expired',
      price: 100,
      currentPeriodEnd: new Date(Date.now() - DAY),
    });
    const theirs = (await returning.api.get(`/v1/users/${creator.user.id}/profile`)).json().data
      .subscribe_options;
    expect(theirs[0]).toMatchObject({ total: 100, promotion: null });
    expect((await buy(returning, creator, 1, 60)).json().code).toBe('total_changed');
    expect((await buy(returning, creator, 1, 100)).statusCode).toBe(200);

    expect((await buy(fan, creator, 1, 60)).statusCode).toBe(200);
    expect(await creditsOf(t.db, fan.user.id)).toBe(940);
    const history = (await fan.api.get('/v1/history')).json().data;
    expect(history[0]).toMatchObject({ amount: -60, offer: 'Promotion, 40% off' });
    const offers = (await creator.api.get('/v1/subscription-offers')).json().data;
    expect(offers.promotions[0]).toMatchObject({ used: 1 });
  });

  it('reaches returning fans only when made for them, one per audience at a time', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    expect((await promote(creator, { audience: 'returning', percent_off: 50 })).statusCode).toBe(200);
    const overlap = await promote(creator, { audience: 'returning', percent_off: 20 });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('promotion_overlap');
    expect((await buy(fan, creator, 1, 100)).statusCode).toBe(200);
    const back = await person(t, { type: 'user' });
    await grantCredits(t.db, back.user.id, 1000);
    await insertSubscription(t, back, creator, {
      status: 'expired',
      price: 100,
      currentPeriodEnd: new Date(Date.now() - DAY),
    });
    expect((await buy(back, creator, 1, 50)).statusCode).toBe(200);
  });

  it('is used at most max_uses times by fans subscribing at once; the rest are told the price changed', async () => {
    const creator = await person(t, { type: 'featured', subscriptionPrice: 100 });
    expect((await promote(creator, { percent_off: 50, max_uses: 3 })).statusCode).toBe(200);
    const fans = await Promise.all(Array.from({ length: 40 }, () => person(t, { type: 'user' })));
    await Promise.all(fans.map((f) => grantCredits(t.db, f.user.id, 500)));
    const answers = await Promise.all(fans.map((f) => buy(f, creator, 1, 50)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3);
    expect(codes.filter((c) => c === 'total_changed')).toHaveLength(37);
    const offers = (await creator.api.get('/v1/subscription-offers')).json().data;
    expect(offers.promotions[0]).toMatchObject({ used: 3, status: 'ended' });
  });

  it('ends early when the creator ends it, and stays the creator’s own', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const promotion = (await promote(creator)).json().data;
    const stranger = await person(t, { type: 'featured', subscriptionPrice: 100 });
    expect(
      (await stranger.api.delete(`/v1/subscription-offers/promotions/${promotion._id}`)).statusCode,
    ).toBe(404);
    expect(
      (await creator.api.delete(`/v1/subscription-offers/promotions/${promotion._id}`)).json().data.status,
    ).toBe('ended');
    const options = (await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json().data.subscribe_options;
    expect(options[0]).toMatchObject({ total: 100, promotion: null });
  });
});
