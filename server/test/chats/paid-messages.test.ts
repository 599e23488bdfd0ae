import { and, eq } from 'drizzle-orm';
import { messages, purchases, userEvents } from '../../src/db/schema';
import { sweepSelfDestructed } from '../../src/jobs/self-destruct';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidMessage(price: number, credits: number, extra: object = {}) {
  const party = await fanAndCreator(t, { credits });
  const sent = await party.creator.api.post(
    '/v1/messages',
    text(party.fan.user.id, 'A secret song', { price, ...extra }),
  );
  expect(sent.statusCode).toBe(200);
  return { ...party, messageId: sent.json().data._id as string };
}

describe('pay-per-view messages', () => {
  it('stays locked for the fan until bought, then opens', async () => {
    const { fan, creator, chatId, messageId } = await paidMessage(30, 100);
    const locked = (await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data[0];
    expect(locked).toMatchObject({ _id: messageId, price: 30, price_in_dollars: 3, text: '', paid: false });
    expect((await creator.api.get(`/v1/chats/${chatId}/messages`)).json().data[0]).toMatchObject({
      text: 'A secret song',
      paid: true,
    });

    const bought = await fan.api.patch(`/v1/messages/${messageId}/buy`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ credits: 70, data: { text: 'A secret song', paid: true } });
    expect((await fan.api.get(`/v1/messages?ids=${messageId}`)).json().data[0].text).toBe('A secret song');
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(24);

    const again = await fan.api.patch(`/v1/messages/${messageId}/buy`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'Message was already purchased.']);
  });

  it('charges exactly once for two hundred simultaneous buys', async () => {
    const { fan, messageId } = await paidMessage(40, 1000);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => fan.api.patch(`/v1/messages/${messageId}/buy`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(199);
    expect(await creditsOf(t.db, fan.user.id)).toBe(960);
    expect(await t.db.$count(purchases, eq(purchases.messageId, Number(messageId)))).toBe(1);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('refuses a buy without enough credits, and buys by anyone but the recipient', async () => {
    const { fan, creator, messageId } = await paidMessage(50, 20);
    const poor = await fan.api.patch(`/v1/messages/${messageId}/buy`);
    expect([poor.statusCode, poor.json().message]).toEqual([402, 'Balance too low.']);
    expect(await t.db.$count(purchases, eq(purchases.messageId, Number(messageId)))).toBe(0);
    const own = await creator.api.patch(`/v1/messages/${messageId}/buy`);
    expect([own.statusCode, own.json().message]).toEqual([400, 'This message is not for sale.']);
  });

  it('starts the self-destruct clock at purchase and the sweep removes it on time', async () => {
    const { fan, creator, chatId, messageId } = await paidMessage(10, 100, { self_destruct: true });
    const bought = (await fan.api.patch(`/v1/messages/${messageId}/buy`)).json().data;
    const destructAt = Date.parse(bought.destruct_at);
    expect(Math.round((destructAt - Date.now()) / 3_600_000)).toBe(24);

    expect(await sweepSelfDestructed(t.app, new Date(destructAt - 1000))).toBe(0);
    expect(await sweepSelfDestructed(t.app, new Date(destructAt + 1000))).toBe(1);
    for (const side of [fan, creator]) {
      const logged = await t.db
        .select()
        .from(userEvents)
        .where(and(eq(userEvents.userId, side.user.id), eq(userEvents.type, 'message_deleted')));
      expect(logged).toHaveLength(1);
    }
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(messageId)));
    expect(row?.deletedAt).not.toBeNull();
    expect((await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data).toEqual([]);
  });

  it('keeps a bought message from being deleted by its sender', async () => {
    const { fan, creator, messageId } = await paidMessage(10, 100);
    await fan.api.patch(`/v1/messages/${messageId}/buy`);
    const res = await creator.api.delete(`/v1/messages/${messageId}`);
    expect([res.statusCode, res.json().message]).toEqual([403, 'You can not delete this message.']);
  });
});

describe('tips', () => {
  it('moves credits once per send id and shows each side its own notice', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const body = { chat_id: chatId, amount: 25, send_id: 'tip-1' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fan.api.post('/v1/messages/tip', body)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await creditsOf(t.db, fan.user.id)).toBe(75);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(20);
    const fanTypes = (await fan.api.get(`/v1/chats/${chatId}/messages`))
      .json()
      .data.map((m: { type: string }) => m.type);
    const creatorTypes = (await creator.api.get(`/v1/chats/${chatId}/messages`))
      .json()
      .data.map((m: { type: string }) => m.type);
    expect(fanTypes).toEqual(['tip_user']);
    expect(creatorTypes).toEqual(['tip_model']);
    const chat = (await creator.api.get(`/v1/chat?recipient_id=${fan.user.id}`)).json().data;
    expect(chat).toMatchObject({ unread_tip: true, unread_messages: 1 });
  });

  it('is for fans only and needs credits', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 10 });
    const fromCreator = await creator.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 5,
      send_id: 'c-tip',
    });
    expect([fromCreator.statusCode, fromCreator.json().message]).toEqual([
      400,
      'Only fans can tip creators.',
    ]);
    const tooMuch = await fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 11, send_id: 'f-tip' });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([402, 'Balance too low.']);
  });
});
