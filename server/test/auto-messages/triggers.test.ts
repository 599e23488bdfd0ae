import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { deliverAutoMessages } from '../../src/auto-messages/deliver';
import { isFirstPurchase, queueAutoMessages } from '../../src/auto-messages/trigger';
import { rowsOf } from '../../src/db/rows';
import { autoMessageSends, blocks, users } from '../../src/db/schema';
import { readyPhoto } from '../helpers/broadcast-world';
import { grantCredits, type Party, person, text } from '../helpers/chats';
import { dueNow } from '../helpers/jobs';
import { CARDS, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { autoMessagesTo, awaitAutoMessages, putAuto, settle, textMessage } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const creatorWith = async (category: string, messages: object[], extra: object = {}) => {
  const creator = await person(t, { type: 'featured', creditRate: 10, subscriptionPrice: 50 });
  const res = await putAuto(t, creator, { category, auto_messages: messages, ...extra });
  if (res.statusCode !== 200) throw new Error(`auto-messages not saved: ${res.body}`);
  return creator;
};
const fan = () => person(t, { type: 'user' });
const openChat = (who: Party, creator: Party) => who.api.post('/v1/chat', { recipient_id: creator.user.id });
const follow = (who: Party, creator: Party) => who.api.patch(`/v1/users/${creator.user.id}/follow`);

async function jobsOf(creator: Party, who: Party, category: string) {
  return rowsOf<{ id: string; state: string; delay_s: number }>(
    await t.db.execute(sql`select id, state, extract(epoch from start_after - created_on)::int as delay_s
      from pgboss.job where name = 'auto-messages'
      and singleton_key = ${`${creator.user.id}:${who.user.id}:${category}`}`),
  );
}

describe('welcome: a fan opening a chat with the creator', () => {
  it('gets the messages once, as ordinary messages from the creator, paid ones locked', async () => {
    const creator = await person(t, { type: 'featured' });
    const photo = await readyPhoto(t.db, creator.user.id);
    await putAuto(t, creator, {
      category: 'welcome',
      auto_messages: [textMessage('Hi, glad you are here!'), { type: 'media', media_id: photo, price: 30 }],
    });
    const someone = await fan();
    const opened = await openChat(someone, creator);
    const chatId = opened.json().data._id as string;
    await awaitAutoMessages(t, creator, someone, 2);

    const page = await someone.api.get(`/v1/chats/${chatId}/messages`);
    // The page is newest first.
    const shown = (page.json().data as { sender_id: string }[])
      .filter((m) => m.sender_id === creator.user.id)
      .reverse();
    expect(shown).toEqual([
      expect.objectContaining({ text: 'Hi, glad you are here!', price: 0, media: null }),
      expect.objectContaining({
        price: 30,
        media: expect.objectContaining({ locked: true, video_url: null }),
      }),
    ]);
    const list = await someone.api.get('/v1/chats');
    expect(list.json().data[0]).toMatchObject({ _id: chatId, unread_messages: 2 });

    // Opening the same chat again sends nothing more: once per fan.
    expect((await openChat(someone, creator)).statusCode).toBe(200);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(2);
  });

  it('writes once when the delivery runs twice at once or is retried', async () => {
    const creator = await creatorWith('welcome', [textMessage('one'), textMessage('two')]);
    const someone = await fan();
    const deps = { db: t.db, realtime: t.app.realtime };
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'welcome' as const };
    const written = await Promise.all([deliverAutoMessages(deps, job), deliverAutoMessages(deps, job)]);
    expect(written.sort()).toEqual([0, 2]);
    expect(await deliverAutoMessages(deps, job)).toBe(0);
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['one', 'two']);
    // Once delivered, a trigger queues nothing more.
    expect(await queueAutoMessages(t.app.jobs.boss, t.db, job)).toBe(false);
  });

  it('queues one job for a trigger fired twice at once', async () => {
    const creator = await creatorWith('new_follower', [textMessage('thanks')], { delay_minutes: 60 });
    const someone = await fan();
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'new_follower' as const };
    const queued = await Promise.all([1, 2, 3].map(() => queueAutoMessages(t.app.jobs.boss, t.db, job)));
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await jobsOf(creator, someone, 'new_follower')).toHaveLength(1);
  });
});

describe('welcome: a chat the fan did not start', () => {
  const openFromChatPage = (who: Party, creator: Party) =>
    who.api.get(`/v1/chat?recipient_id=${creator.user.id}`);

  it('reaches a fan who followed first, when they open the chat the thank-you made', async () => {
    const creator = await creatorWith('new_follower', [textMessage('Thanks for following!')]);
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome!')] });
    const someone = await fan();
    await follow(someone, creator);
    // The thank-you made the chat; the welcome waits for the fan to open it.
    await awaitAutoMessages(t, creator, someone, 1);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['Thanks for following!']);

    expect((await openFromChatPage(someone, creator)).statusCode).toBe(200);
    const written = await awaitAutoMessages(t, creator, someone, 2);
    expect(written.map((m) => m.text)).toEqual(['Thanks for following!', 'Welcome!']);

    // Opening it again, either way, sends nothing more.
    await openFromChatPage(someone, creator);
    await openChat(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(2);
  });

  it('reaches a fan the creator wrote to first, not when the creator opens the chat', async () => {
    const creator = await creatorWith('welcome', [textMessage('Welcome!')]);
    const someone = await fan();
    expect((await openChat(creator, someone)).statusCode).toBe(200);
    await creator.api.post('/v1/messages', text(someone.user.id, 'Hi there'));
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);

    await openFromChatPage(someone, creator);
    expect((await awaitAutoMessages(t, creator, someone, 1)).map((m) => m.text)).toEqual(['Welcome!']);
  });

  it('does not reach a fan already talking with the creator when the welcome is set', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const someone = await fan();
    await openChat(someone, creator);
    expect((await someone.api.post('/v1/messages', text(creator.user.id, 'Hello!'))).statusCode).toBe(200);
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome!')] });

    await openFromChatPage(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
  });
});

describe('new follower', () => {
  it('sends once, however often the fan follows again', async () => {
    const creator = await creatorWith('new_follower', [textMessage('Thanks for following!')]);
    const someone = await fan();
    expect((await follow(someone, creator)).statusCode).toBe(200);
    const [message] = await awaitAutoMessages(t, creator, someone, 1);
    expect(message).toMatchObject({ text: 'Thanks for following!', type: 'text', price: 0, system: false });
    await someone.api.delete(`/v1/users/${creator.user.id}/follow`);
    await follow(someone, creator);
    await follow(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(1);
  });

  it('waits out the delay (pg-boss startAfter)', async () => {
    const creator = await creatorWith('new_follower', [textMessage('later')], { delay_minutes: 30 });
    const someone = await fan();
    await follow(someone, creator);
    const [job] = await jobsOf(creator, someone, 'new_follower');
    expect(job?.delay_s).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(job?.delay_s).toBeLessThanOrEqual(30 * 60 + 5);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
    await dueNow(t.db, job?.id ?? '');
    expect(await awaitAutoMessages(t, creator, someone, 1)).toHaveLength(1);
  });
});

describe('new subscriber', () => {
  it('sends when a fan subscribes', async () => {
    const creator = await creatorWith('new_subscriber', [textMessage('Welcome, subscriber')]);
    const someone = await fan();
    await grantCredits(t.db, someone.user.id, 100);
    const res = await someone.api.post('/v1/subscriptions', {
      model_id: creator.user.id,
      send_id: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect((await awaitAutoMessages(t, creator, someone, 1))[0]?.text).toBe('Welcome, subscriber');
  });
});

describe('first purchase', () => {
  it('sends after the first paid message, not after later ones', async () => {
    const creator = await creatorWith('first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan();
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    expect((await someone.api.post('/v1/messages', text(creator.user.id, 'hello'))).statusCode).toBe(200);
    await awaitAutoMessages(t, creator, someone, 1);
    await someone.api.post('/v1/messages', text(creator.user.id, 'again'));
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(1);
  });

  it('sends after a first purchase with credits: an unlock, or a tip', async () => {
    for (const buy of ['unlock', 'tip'] as const) {
      const creator = await creatorWith('first_purchase', [textMessage('Thank you for your support')]);
      const someone = await fan();
      await grantCredits(t.db, someone.user.id, 100);
      const chatId = (await openChat(someone, creator)).json().data._id as string;
      if (buy === 'unlock') {
        const sent = await creator.api.post(
          '/v1/messages',
          text(someone.user.id, 'A secret song', { price: 60 }),
        );
        const bought = await someone.api.patch(`/v1/messages/${sent.json().data._id}/buy`);
        expect(bought.statusCode).toBe(200);
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
    const someone = await fan();
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const ids: number[] = [];
    for (const words of ['one', 'two']) {
      const sent = await creator.api.post('/v1/messages', text(someone.user.id, words, { price: 10 }));
      ids.push(Number(sent.json().data._id));
      expect((await someone.api.patch(`/v1/messages/${sent.json().data._id}/buy`)).statusCode).toBe(200);
    }
    // Asked only once both exist, as when two purchases finish at the same moment.
    const first = (messageId: number | undefined) =>
      isFirstPurchase(t.db, someone.user.id, creator.user.id, { kind: 'unlock', messageId: messageId ?? 0 });
    expect([await first(ids[0]), await first(ids[1])]).toEqual([true, false]);
  });

  it('thanks once for two first purchases made at the same moment', async () => {
    const creator = await creatorWith('first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan();
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const locked = await Promise.all(
      ['one', 'two'].map(async (words) => {
        const sent = await creator.api.post('/v1/messages', text(someone.user.id, words, { price: 10 }));
        return sent.json().data._id as string;
      }),
    );
    const bought = await Promise.all(locked.map((id) => someone.api.patch(`/v1/messages/${id}/buy`)));
    expect(bought.map((r) => r.statusCode)).toEqual([200, 200]);
    await awaitAutoMessages(t, creator, someone, 1);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual([
      'Thank you for your support',
    ]);
  });

  it('is not sent for a purchase that was not the first', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 10 });
    const someone = await fan();
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
    const creator = await creatorWith('first_purchase', [textMessage('Thank you for your support')]);
    const someone = await fan();
    const chatId = (await openChat(someone, creator)).json().data._id as string;
    return { creator, someone, chatId };
  }
  const paidMessage = async (creator: Party, someone: Party) =>
    (await creator.api.post('/v1/messages', text(someone.user.id, 'A secret song', { price: 60 }))).json()
      .data._id as string;
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

describe('what a delivery respects', () => {
  it('a per-fan cooldown holds back a second category, for good', async () => {
    const creator = await creatorWith('welcome', [textMessage('hello')]);
    await putAuto(t, creator, {
      category: 'new_follower',
      cooldown_hours: 24,
      auto_messages: [textMessage('thanks for the follow')],
    });
    const someone = await fan();
    await openChat(someone, creator);
    await awaitAutoMessages(t, creator, someone, 1);
    await follow(someone, creator);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['hello']);
    const [held] = await t.db
      .select()
      .from(autoMessageSends)
      .where(and(eq(autoMessageSends.fanId, someone.user.id), eq(autoMessageSends.category, 'new_follower')));
    expect(held?.sent).toBe(0);
  });

  it('media the fan already bought arrives unlocked; other paid media stays locked', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const [owned, other] = [await readyPhoto(t.db, creator.user.id), await readyPhoto(t.db, creator.user.id)];
    const someone = await fan();
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const paid = await creator.api.post(
      '/v1/messages',
      text(someone.user.id, '', { type: 'image', media_id: owned, price: 20 }),
    );
    expect((await someone.api.patch(`/v1/messages/${paid.json().data._id}/buy`)).statusCode).toBe(200);

    await putAuto(t, creator, {
      category: 'new_follower',
      auto_messages: [
        { type: 'media', media_id: owned, price: 40 },
        { type: 'media', media_id: other, price: 40 },
      ],
    });
    await follow(someone, creator);
    const written = await awaitAutoMessages(t, creator, someone, 2);
    expect(written.map((m) => [m.mediaId, m.price])).toEqual([
      [owned, 0],
      [other, 40],
    ]);
  });

  it('skips a blocked pair and a banned fan, and claims nothing for them', async () => {
    // A delay keeps the follows' jobs waiting: the deliveries below run as they would after it.
    const creator = await creatorWith('new_follower', [textMessage('hi')], { delay_minutes: 60 });
    const blocked = await fan();
    const banned = await fan();
    await follow(blocked, creator);
    await follow(banned, creator);
    await t.db.insert(blocks).values({ blockerId: creator.user.id, blockedId: blocked.user.id });
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    const deps = { db: t.db, realtime: t.app.realtime };
    for (const who of [blocked, banned]) {
      const job = { creatorId: creator.user.id, fanId: who.user.id, category: 'new_follower' as const };
      expect(await deliverAutoMessages(deps, job)).toBe(0);
      expect(await autoMessagesTo(t, creator, who)).toHaveLength(0);
    }
    const claimed = await t.db
      .select()
      .from(autoMessageSends)
      .where(eq(autoMessageSends.creatorId, creator.user.id));
    expect(claimed).toHaveLength(0);
  });

  it('sends nothing while the creator is restricted (awaiting approval or denied)', async () => {
    const creator = await creatorWith('new_follower', [textMessage('hi')], { delay_minutes: 60 });
    const someone = await fan();
    await follow(someone, creator);
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'new_follower' as const };
    expect(await deliverAutoMessages({ db: t.db, realtime: t.app.realtime }, job)).toBe(0);
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
  });
});
