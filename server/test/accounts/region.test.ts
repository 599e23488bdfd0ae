import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, payments } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { FIRST_PURCHASE_BONUS } from '../../src/payments/packages';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { as } from '../helpers/api';
import { fanAndCreator, type Party, person, text } from '../helpers/chats';
import { CARDS, payWithCard } from '../helpers/payments';
import { post } from '../feed/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'X-Country' } });
});
afterAll(() => t.close());

const sorry = [451, 'Sorry this creator not available in your country'];
/** A request as `who`, from `country` when given (the proxy's header). */
const ask = (
  who: Party,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  country?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { 'access-token': who.token, ...(country ? { 'x-country': country } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('region', () => {
  it('answers the caller’s country from the configured proxy header, else unknown', async () => {
    const geo = (headers: Record<string, string>) => t.app.inject({ url: '/v1/geo_ip', headers });
    expect((await geo({ 'x-country': 'de' })).json()).toEqual({ ip: '127.0.0.1', country_code: 'DE' });
    expect((await geo({ 'cf-ipcountry': 'DE' })).json().country_code).toBeNull();
    expect((await geo({ 'x-country': 'XX' })).json().country_code).toBeNull();
  });

  it('lets a creator close their profile and chats to countries', async () => {
    const { creator } = await fanAndCreator(t);
    const url = '/v1/users/blocked-countries';
    expect((await ask(creator, 'GET', url)).json()).toEqual({ blocked_countries: [] });
    const set = await ask(creator, 'PUT', url, undefined, { blocked_countries: ['FR', 'DE', 'FR'] });
    expect(set.json()).toEqual({ blocked_countries: ['DE', 'FR'] });
    expect((await ask(creator, 'GET', url)).json()).toEqual({ blocked_countries: ['DE', 'FR'] });
    const bad = await ask(creator, 'PUT', url, undefined, { blocked_countries: ['Germany'] });
    expect(bad.statusCode).toBe(400);
    const fan = await person(t);
    expect((await ask(fan, 'PUT', url, undefined, { blocked_countries: [] })).statusCode).toBe(403);
  });

  it('refuses a fan in a blocked country the profile, the chat, sending and following, and nobody else', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await ask(creator, 'PUT', '/v1/users/blocked-countries', undefined, { blocked_countries: ['DE'] });
    const id = creator.user.id;
    const asked = async (country?: string) => [
      await ask(fan, 'GET', `/v1/users/${id}/profile`, country),
      await ask(fan, 'GET', `/v1/chat?recipient_id=${id}`, country),
      await ask(fan, 'POST', '/v1/chat', country, { recipient_id: id }),
      await ask(fan, 'POST', '/v1/messages', country, text(id, 'Hello')),
      await ask(fan, 'PATCH', `/v1/users/${id}/follow`, country),
    ];
    for (const res of await asked('DE')) expect([res.statusCode, res.json().message]).toEqual(sorry);
    for (const country of ['US', undefined])
      for (const res of await asked(country))
        expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);

    // The creator, even in that country, still reaches their own chats.
    const reply = await ask(creator, 'POST', '/v1/messages', 'DE', text(fan.user.id, 'Hi'));
    expect(reply.statusCode).toBe(200);
  });

  it('refuses a fan in a blocked country every payment to the creator and reading their posts, charging nothing', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: 1000,
      rate: 0,
      creator: { subscriptionPrice: 100 },
    });
    await ask(creator, 'PUT', '/v1/users/blocked-countries', undefined, { blocked_countries: ['DE'] });
    const id = creator.user.id;
    const paidMessage = async () => {
      const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'A secret song', { price: 30 }));
      return sent.json().data._id as string;
    };
    const [bought, boughtByCard] = [await paidMessage(), await paidMessage()];
    const item = await post(creator, { type: 'text', text: 'secret', price: 20 });
    /** The fan's requests from `country`, when given. */
    const from = (country?: string) => as(t.app, fan.token, country ? { 'x-country': country } : {});
    const actions = {
      tip: (c?: string) =>
        from(c).post('/v1/messages/tip', { chat_id: chatId, amount: 10, send_id: randomUUID() }),
      'message buy': (c?: string) => from(c).patch(`/v1/messages/${bought}/buy`),
      subscribe: (c?: string) => from(c).post('/v1/subscriptions', { model_id: id, send_id: randomUUID() }),
      'post buy': (c?: string) => from(c).patch(`/v1/feed/${item._id}/buy`),
      'card tip': (c?: string) => payWithCard(t.app, from(c), CARDS.visa, { chat_id: chatId, tip: 10 }),
      'card message buy': (c?: string) =>
        payWithCard(t.app, from(c), CARDS.visa, { message_id: boughtByCard }),
      feed: (c?: string) => from(c).get(`/v1/feed?model_id=${id}`),
      'chat messages': (c?: string) => from(c).get(`/v1/chats/${chatId}/messages`),
    };
    /** Every ledger entry and card payment touching the fan or the creator. */
    const money = async () => ({
      credits: await creditsOf(t.db, fan.user.id),
      entries: await t.db.$count(
        ledgerEntries,
        inArray(
          ledgerEntries.accountId,
          t.db
            .select({ id: ledgerAccounts.id })
            .from(ledgerAccounts)
            .where(inArray(ledgerAccounts.ownerId, [fan.user.id, id])),
        ),
      ),
      payments: await t.db.$count(payments, eq(payments.userId, fan.user.id)),
    });

    /** What each action answers from `country`, by name. */
    const answers = async (country?: string) => {
      const out: Record<string, unknown> = {};
      for (const [name, act] of Object.entries(actions)) {
        const res = await act(country);
        out[name] = [res.statusCode, res.statusCode === 200 ? 'ok' : res.json().message];
      }
      return out;
    };
    const every = (answer: unknown) => Object.fromEntries(Object.keys(actions).map((name) => [name, answer]));

    const before = await money();
    expect(await answers('DE')).toEqual(every(sorry));
    expect(await money()).toEqual(before);
    // The same fan, once their country is unknown, does each of them.
    expect(await answers(undefined)).toEqual(every([200, 'ok']));
    // Spent: a tip of 10, a message of 30, a month of 100 and a post of 20; by card, two packages of
    // 100 (the first with its bonus) for a tip of 10 and a message of 30.
    const after = await money();
    expect(after.credits).toBe(before.credits - 160 + 200 + FIRST_PURCHASE_BONUS - 40);
    expect(after.payments).toBe(before.payments + 2);
  });
});
