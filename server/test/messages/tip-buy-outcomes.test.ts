import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { fanAndCreator, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every answer of `tip_message` and `buy_message` (src/messages/tip.ts, purchase.ts), each driven
 * through the real function and read as the route answers it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];
const tipBody = (chatId: string, amount = 10, sendId: string = randomUUID()) => ({
  chat_id: chatId,
  amount,
  send_id: sendId,
});

describe('tip_message outcomes', () => {
  it('created: both copies written, the fan charged', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 100 });
    const res = await fan.api.post('/v1/messages/tip', tipBody(chatId, 25));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credits: 75,
      data: { type: 'tip_user', text: '', notice: { kind: 'tip', amount: 25 } },
    });
  });

  it('stored: a retried tip is answered as it was, even once the creator awaits approval', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const body = tipBody(chatId);
    const first = await fan.api.post('/v1/messages/tip', body);
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));
    expect((await fan.api.post('/v1/messages/tip', body)).json()).toEqual(first.json());
  });

  it('not_found: a chat that is not the fan\u2019s', async () => {
    const { fan } = await fanAndCreator(t, { credits: 100 });
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(randomUUID())))).toEqual([
      404,
      'not_found',
    ]);
  });

  it('creator_unavailable: a new tip to a creator awaiting approval', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(chatId)))).toEqual([
      403,
      'creator_unavailable',
    ]);
  });

  it('frozen: a frozen fan', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 100 });
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, fan.user.id));
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(chatId)))).toEqual([423, 'frozen']);
  });

  it('tip_not_allowed: anyone but the fan of the pair', async () => {
    const { creator, chatId } = await fanAndCreator(t, { credits: 100 });
    expect(refusal(await creator.api.post('/v1/messages/tip', tipBody(chatId)))).toEqual([
      400,
      'tip_not_allowed',
    ]);
  });

  it('tips_disabled: a creator who turned tips off', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await t.db
      .update(users)
      .set({ features: { tips: false } })
      .where(eq(users.id, creator.user.id));
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(chatId)))).toEqual([403, 'tips_disabled']);
  });

  it('send_id_reused: a tip\u2019s send id again with another amount', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 100 });
    const body = tipBody(chatId, 10);
    await fan.api.post('/v1/messages/tip', body);
    expect(refusal(await fan.api.post('/v1/messages/tip', { ...body, amount: 11 }))).toEqual([
      409,
      'send_id_reused',
    ]);
  });

  it('blocked: a block either way', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(chatId)))).toEqual([403, 'blocked']);
  });

  it('not_enough_credits: a tip above the balance', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 5 });
    expect(refusal(await fan.api.post('/v1/messages/tip', tipBody(chatId, 6)))).toEqual([
      402,
      'not_enough_credits',
    ]);
  });
});

describe('buy_message outcomes', () => {
  async function paid(price: number, credits: number) {
    const party = await fanAndCreator(t, { credits });
    const sent = await party.creator.api.post('/v1/messages', text(party.fan.user.id, 'secret', { price }));
    return { ...party, id: sent.json().data._id as string };
  }

  it('bought: the message opens and the fan is charged', async () => {
    const { fan, id } = await paid(30, 100);
    const res = await fan.api.patch(`/v1/messages/${id}/buy`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credits: 70, data: { text: 'secret', paid: true } });
  });

  it('not_found: a message the buyer cannot see', async () => {
    const { id } = await paid(30, 100);
    const stranger = await person(t, { type: 'user' });
    expect(refusal(await stranger.api.patch(`/v1/messages/${id}/buy`))).toEqual([404, 'not_found']);
  });

  it('not_for_sale: a free message', async () => {
    const { fan, id } = await paid(0, 100);
    expect(refusal(await fan.api.patch(`/v1/messages/${id}/buy`))).toEqual([400, 'not_for_sale']);
  });

  it('already_purchased: a second buy', async () => {
    const { fan, id } = await paid(30, 100);
    await fan.api.patch(`/v1/messages/${id}/buy`);
    expect(refusal(await fan.api.patch(`/v1/messages/${id}/buy`))).toEqual([409, 'already_purchased']);
  });

  it('blocked: a block either way', async () => {
    const { fan, creator, id } = await paid(30, 100);
    expect((await fan.api.post(`/v1/users/${creator.user.id}/block`)).statusCode).toBe(200);
    expect(refusal(await fan.api.patch(`/v1/messages/${id}/buy`))).toEqual([403, 'blocked']);
  });

  it('not_enough_credits: a price above the balance', async () => {
    const { fan, id } = await paid(30, 10);
    expect(refusal(await fan.api.patch(`/v1/messages/${id}/buy`))).toEqual([402, 'not_enough_credits']);
  });
});
