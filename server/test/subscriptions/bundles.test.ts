import { randomUUID } from 'node:crypto';
import { offerTotal } from '@cove/contracts';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, subscriptionOf } from './helpers';
import { after, buy, chargesOf, DAY, setBundles, sweep } from './offers-helpers';

const t = balancedAppForFile();

describe('offerTotal', () => {
  it('takes the discount off the whole and rounds down to a credit, never below 1', () => {
    expect(offerTotal(100, 3, 10)).toBe(270);
    expect(offerTotal(99, 12, 25)).toBe(891);
    expect(offerTotal(33, 3, 15)).toBe(84); // 84.15
    expect(offerTotal(1, 3, 60)).toBe(1);
    expect(offerTotal(100, 1, 0)).toBe(100);
  });
});

describe('bundles', () => {
  it('shows every bundle on the profile with its total and saving, and sells 3 months up front', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    expect(
      (
        await setBundles(creator, [
          { months: 3, percent_off: 10 },
          { months: 12, percent_off: 25 },
        ])
      ).statusCode,
    ).toBe(200);
    const profile = (await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json().data;
    expect(profile.subscribe_options).toEqual([
      { months: 1, percent_off: 0, total: 100, saving: 0, promotion: null },
      { months: 3, percent_off: 10, total: 270, saving: 30, promotion: null },
      { months: 12, percent_off: 25, total: 900, saving: 300, promotion: null },
    ]);

    const res = await buy(fan, creator, 3, 270);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credits: 730,
      data: { status: 'active', price: 100, months: 3, trial: false },
    });
    const row = await subscriptionOf(t, fan, creator);
    expect(row.currentPeriodEnd.getTime() - Date.now()).toBeGreaterThan(89 * DAY);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(216);
    const [charge] = await chargesOf(t, row.id);
    expect(charge?.reference).toMatchObject({ period: 1, offer: { months: 3, percent_off: 10 } });

    const history = (await fan.api.get('/v1/history')).json().data;
    expect(history[0]).toMatchObject({ kind: 'subscription', amount: -270, offer: '3 months, 10% off' });

    // After the bundle, one month at the monthly price.
    await sweep(t, after(row.currentPeriodEnd, 1000));
    const renewed = await subscriptionOf(t, fan, creator);
    expect(renewed).toMatchObject({ period: 2, months: 1, periodPaid: 100, status: 'active' });
    expect(renewed.currentPeriodEnd.getTime() - row.currentPeriodEnd.getTime()).toBe(30 * DAY);
    expect(await creditsOf(t.db, fan.user.id)).toBe(630);
  });

  it('refuses a length not offered and a total that is not the price now, charging nothing', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    await setBundles(creator, [{ months: 6, percent_off: 15 }]);
    const notOffered = await buy(fan, creator, 3);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().code).toBe('bundle_not_offered');
    const stale = await buy(fan, creator, 6, 540);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'total_changed',
      message: 'The price changed from $54.00 to $51.00. Nothing was charged.',
    });
    expect(await creditsOf(t.db, fan.user.id)).toBe(1000);
  });

  it('charges once for 200 attempts with one send id, and once for 200 with different ones', async () => {
    const { fan, creator } = await fanAndCreator(t, 5000, 100);
    await setBundles(creator, [{ months: 3, percent_off: 10 }]);
    const sendId = randomUUID();
    const same = await Promise.all(Array.from({ length: 200 }, () => buy(fan, creator, 3, 270, sendId)));
    expect(same.map((a) => a.statusCode)).toEqual(Array(200).fill(200));
    expect(new Set(same.map((a) => a.json().data._id)).size).toBe(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(4730);

    const other = await fanAndCreator(t, 5000, 100);
    await setBundles(other.creator, [{ months: 3, percent_off: 10 }]);
    const many = await Promise.all(Array.from({ length: 200 }, () => buy(other.fan, other.creator, 3, 270)));
    const codes = many.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'already_subscribed')).toHaveLength(199);
    expect(await creditsOf(t.db, other.fan.user.id)).toBe(4730);
    const row = await subscriptionOf(t, other.fan, other.creator);
    expect(await chargesOf(t, row.id)).toHaveLength(1);
  });

  it('lets only a creator with a price set bundles, within the limits', async () => {
    const { fan, creator } = await fanAndCreator(t, 0, 0);
    expect((await setBundles(creator, [{ months: 3, percent_off: 10 }])).json().code).toBe(
      'offers_need_price',
    );
    expect((await setBundles(fan, [{ months: 3, percent_off: 10 }])).statusCode).toBe(403);
    const priced = await fanAndCreator(t, 0, 100);
    expect((await setBundles(priced.creator, [{ months: 3, percent_off: 61 }])).statusCode).toBe(400);
    expect((await setBundles(priced.creator, [{ months: 2, percent_off: 10 }])).statusCode).toBe(400);
  });
});
