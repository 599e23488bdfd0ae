import { creditsOf } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, subscribeTo, subscriptionOf } from './helpers';
import { after, sweep } from './offers-helpers';

const t = balancedAppForFile();

describe('PATCH /v1/subscriptions/:id', () => {
  it('turns renewal off (access kept to the end) and on again before the end', async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const id = (await subscribeTo(fan, creator)).json().data._id;
    const off = await fan.api.patch(`/v1/subscriptions/${id}`, { renew: false });
    expect(off.json().data).toMatchObject({ status: 'canceled' });
    expect((await fan.api.get('/v1/subscriptions')).json().data[0]).toMatchObject({
      _id: id,
      status: 'canceled',
    });

    const unconfirmed = await fan.api.patch(`/v1/subscriptions/${id}`, { renew: true });
    expect(unconfirmed.statusCode).toBe(400);
    expect(
      (await fan.api.patch(`/v1/subscriptions/${id}`, { renew: true, price: 100 })).json().data.status,
    ).toBe('active');
    const row = await subscriptionOf(t, fan, creator);
    await sweep(t, after(row.currentPeriodEnd, 1000));
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'active', period: 2 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(300);
  });

  it('with renewal off, the sweep ends it at the period end without charging', async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const id = (await subscribeTo(fan, creator)).json().data._id;
    await fan.api.patch(`/v1/subscriptions/${id}`, { renew: false });
    const row = await subscriptionOf(t, fan, creator);
    await sweep(t, after(row.currentPeriodEnd, 1000));
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(400);
    const late = await fan.api.patch(`/v1/subscriptions/${id}`, { renew: true, price: 100 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('subscription_ended');
  });

  it("answers 404 for another fan's subscription and changes nothing", async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const id = (await subscribeTo(fan, creator)).json().data._id;
    const other = await person(t, { type: 'user' });
    expect((await other.api.patch(`/v1/subscriptions/${id}`, { renew: false })).statusCode).toBe(404);
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'active' });
  });
});
