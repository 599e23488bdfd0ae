import { eq } from 'drizzle-orm';
import { payments, users } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, type Party, text } from '../helpers/chats';
import { browserInfo, CARDS, tokenize } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REUSED = [409, 'This idempotency_key was already used for a different payment. Use a new key.'];

interface World {
  fan: Party;
  creatorId: string;
  chatId: string;
  messageId: string;
  cardId: string;
}

/** A fan with a saved card, in a chat with a creator who sent them a paid message. */
async function world(): Promise<World> {
  const { fan, creator, chatId } = await fanAndCreator(t, { rate: 0 });
  await t.db
    .update(users)
    .set({ features: { crypto_payment: true } })
    .where(eq(users.id, fan.user.id));
  const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'A secret song', { price: 60 }));
  await fan.api.post('/v1/payment', {
    ...base('save'),
    card_token: await tokenize(t.app, CARDS.master),
    save_card: true,
  });
  const [card] = (await fan.api.get('/v1/cc')).json().data;
  return { fan, creatorId: creator.user.id, chatId, messageId: sent.json().data._id, cardId: card.id };
}

const base = (key: string) => ({
  amount: 100,
  success_url: '/3ds-callback',
  fail_url: '/3ds-callback',
  browser_info: browserInfo,
  idempotency_key: key,
});

type Body = Record<string, unknown>;

/** Each way a retry can ask for something else than its key's first payment. */
const CHANGES: [string, (w: World) => Body, (w: World) => Body][] = [
  ['the amount', () => ({}), () => ({ amount: 250 })],
  ['a message to unlock added', () => ({}), (w) => ({ message_id: w.messageId })],
  ['the message dropped', (w) => ({ message_id: w.messageId }), () => ({})],
  ['a chat added', () => ({}), (w) => ({ chat_id: w.chatId })],
  ['a tip added', (w) => ({ chat_id: w.chatId }), (w) => ({ chat_id: w.chatId, tip: 5 })],
  ['a different tip', (w) => ({ chat_id: w.chatId, tip: 5 }), (w) => ({ chat_id: w.chatId, tip: 6 })],
  ['a creator added', () => ({}), (w) => ({ model_id: w.creatorId })],
  ['a post added', () => ({}), () => ({ feed_id: 'post-1' })],
  ['a saved card for a new one', () => ({}), (w) => ({ card_id: w.cardId, card_token: undefined })],
  ['a new card for a saved one', (w) => ({ card_id: w.cardId, card_token: undefined }), () => ({})],
  ['keeping the card', () => ({}), () => ({ save_card: true })],
];

describe('a payment idempotency key', () => {
  it.each(CHANGES)('answers 409 to a retry with %s, changing nothing', async (_name, first, retry) => {
    const w = await world();
    const token = await tokenize(t.app, CARDS.visa);
    const key = `key-${Math.random()}`;
    const original = await w.fan.api.post('/v1/payment', { ...base(key), card_token: token, ...first(w) });
    expect(original.statusCode).toBe(200);
    const credits = await creditsOf(t.db, w.fan.user.id);
    const count = await t.db.$count(payments, eq(payments.userId, w.fan.user.id));

    const res = await w.fan.api.post('/v1/payment', { ...base(key), card_token: token, ...retry(w) });
    expect([res.statusCode, res.json().message]).toEqual(REUSED);
    expect(res.json().code).toBe('idempotency_reused');
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(credits);
    expect(await t.db.$count(payments, eq(payments.userId, w.fan.user.id))).toBe(count);
    // The same request again is still answered with the first payment.
    const same = await w.fan.api.post('/v1/payment', { ...base(key), card_token: token, ...first(w) });
    expect([same.statusCode, same.json().payment_id]).toEqual([200, original.json().payment_id]);
  });

  it('is bound to its method, between the card and crypto routes', async () => {
    const w = await world();
    const crypto = await w.fan.api.post('/v1/payment/crypto', {
      amount: 100,
      idempotency_key: 'crypto-first',
    });
    expect(crypto.statusCode).toBe(200);
    const byCard = await w.fan.api.post('/v1/payment', {
      ...base('crypto-first'),
      card_token: await tokenize(t.app, CARDS.visa),
    });
    expect([byCard.statusCode, byCard.json().message]).toEqual(REUSED);

    await w.fan.api.post('/v1/payment', {
      ...base('card-first'),
      card_token: await tokenize(t.app, CARDS.visa),
    });
    const byCrypto = await w.fan.api.post('/v1/payment/crypto', {
      amount: 100,
      idempotency_key: 'card-first',
    });
    expect([byCrypto.statusCode, byCrypto.json().message]).toEqual(REUSED);
    const otherAmount = await w.fan.api.post('/v1/payment/crypto', {
      amount: 250,
      idempotency_key: 'crypto-first',
    });
    expect([otherAmount.statusCode, otherAmount.json().message]).toEqual(REUSED);
    const again = await w.fan.api.post('/v1/payment/crypto', {
      amount: 100,
      idempotency_key: 'crypto-first',
    });
    expect(again.json().payment_id).toBe(crypto.json().payment_id);
  });

  it('never unlocks nothing: a credits key sent again for a message is refused, not answered success', async () => {
    const w = await world();
    const token = await tokenize(t.app, CARDS.visa);
    await w.fan.api.post('/v1/payment', { ...base('credits'), card_token: token });
    const res = await w.fan.api.post('/v1/payment', {
      ...base('credits'),
      card_token: token,
      message_id: w.messageId,
    });
    expect(res.statusCode).toBe(409);
    expect((await w.fan.api.get(`/v1/messages?ids=${w.messageId}`)).json().data[0]).toMatchObject({
      paid: false,
    });
  });
});
