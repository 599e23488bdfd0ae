import { randomUUID } from 'node:crypto';
import { isFirstPurchase } from '../../src/auto-messages/trigger';
import { grantCredits, person, text, type Party } from '../helpers/chats';
import { CARDS, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { autoMessagesTo, awaitAutoMessages, putAuto, settle, textMessage } from './helpers';
import { buy, creatorWith, fan, openChat, paidMessage } from './trigger-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('first purchase', () => {
  it('sends after the first paid message, not after later ones', async () => {
    const creator = await creatorWith(t, 'first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    expect((await someone.api.post('/v1/messages', text(creator.user.id, 'hello'))).statusCode).toBe(200);
    await awaitAutoMessages(t, creator, someone, 1);
    await someone.api.post('/v1/messages', text(creator.user.id, 'again'));
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(1);
  });

  it('sends after a first purchase with credits: an unlock, or a tip', async () => {
    for (const kind of ['unlock', 'tip'] as const) {
      const creator = await creatorWith(t, 'first_purchase', [textMessage('Thank you for your support')]);
      const someone = await fan(t);
      await grantCredits(t.db, someone.user.id, 100);
      const chatId = (await openChat(someone, creator)).json().data._id as string;
      if (kind === 'unlock') {
        expect((await buy(someone, await paidMessage(creator, someone))).statusCode).toBe(200);
      } else {
        const tipped = await someone.api.post('/v1/messages/tip', {
          chat_id: chatId,
          amount: 20,
          send_id: randomUUID(),
        });
        expect(tipped.statusCode).toBe(200);
      }
      expect((await awaitAutoMessages(t, creator, someone, 1)).map((m) => m.text)).toEqual([
        'Thank you for your support',
      ]);
    }
  });

  it('counts the older of two purchases as the first, whenever it is asked', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const ids: number[] = [];
    for (const words of ['one', 'two']) {
      const id = await paidMessage(creator, someone, words, 10);
      ids.push(Number(id));
      expect((await buy(someone, id)).statusCode).toBe(200);
    }
    // Asked only once both exist, as when two purchases finish at the same moment.
    const first = (messageId: number | undefined) =>
      isFirstPurchase(t.db, someone.user.id, creator.user.id, { kind: 'unlock', messageId: messageId ?? 0 });
    expect([await first(ids[0]), await first(ids[1])]).toEqual([true, false]);
  });

  it('thanks once for two first purchases made at the same moment', async () => {
    const creator = await creatorWith(t, 'first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const locked = await Promise.all(['one', 'two'].map((words) => paidMessage(creator, someone, words, 10)));
    const bought = await Promise.all(locked.map((id) => buy(someone, id)));
    expect(bought.map((r) => r.statusCode)).toEqual([200, 200]);
    await awaitAutoMessages(t, creator, someone, 1);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual([
      'Thank you for your support',
    ]);
  });

  it('is not sent for a purchase that was not the first', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 10 });
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    await someone.api.post('/v1/messages', text(creator.user.id, 'first'));
    await putAuto(t, creator, { category: 'first_purchase', auto_messages: [textMessage('thanks')] });
    await someone.api.post('/v1/messages', text(creator.user.id, 'second'));
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
  });
});

describe('first purchase by card', () => {
  /** A creator thanking for a first purchase, and a fan in a chat with them who has bought nothing. */
  async function firstBuyer() {
    const creator = await creatorWith(t, 'first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan(t);
    const chatId = (await openChat(someone, creator)).json().data._id as string;
    return { creator, someone, chatId };
  }
  const thanked = async (creator: Party, someone: Party) =>
    (await awaitAutoMessages(t, creator, someone, 1)).map((m) => m.text);

  it('sends after a paid message unlocked by card', async () => {
    const { creator, someone } = await firstBuyer();
    const messageId = await paidMessage(creator, someone);
    const paid = await payWithCard(t.app, someone.api, CARDS.visa, { message_id: messageId });
    expect(paid.json()).toMatchObject({ result: 'success' });
    expect(await thanked(creator, someone)).toEqual(['Thank you for your support']);
  });

  it('sends after a tip paid by card', async () => {
    const { creator, someone, chatId } = await firstBuyer();
    const paid = await payWithCard(t.app, someone.api, CARDS.visa, { chat_id: chatId, tip: 50 });
    expect(paid.json()).toMatchObject({ result: 'success' });
    expect(await thanked(creator, someone)).toEqual(['Thank you for your support']);
  });

  it('sends once the 3-D Secure check passes and the provider confirms the payment', async () => {
    const { creator, someone } = await firstBuyer();
    const messageId = await paidMessage(creator, someone);
    const started = await payWithCard(t.app, someone.api, CARDS.threeDs, { message_id: messageId });
    await settle(500);
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
    await t.app.inject({
      method: 'POST',
      url: started.json().redirect_url as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    expect(await thanked(creator, someone)).toEqual(['Thank you for your support']);
    // Reading the payment afterwards finishes nothing twice.
    await someone.api.get(`/v1/payment/${started.json().payment_id}`);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(1);
  });
});
