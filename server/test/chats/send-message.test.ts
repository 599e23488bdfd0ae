import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatMembers, messages, userCounters, userEvents, users } from '../../src/db/schema';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sending messages', () => {
  it('charges the fan the chat rate, pays the creator 80%, and tells the creator', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100, rate: 10 });
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'Hello!'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credits).toBe(90);
    expect(body.data).toMatchObject({
      type: 'text',
      text: 'Hello!',
      chat_id: chatId,
      sender_id: fan.user.id,
      recipient_id: creator.user.id,
      is_read: false,
    });
    expect(await creditsOf(t.db, fan.user.id)).toBe(90);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(8);

    const [member] = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, creator.user.id));
    expect(member).toMatchObject({ unread: 1, spentByOther: 10, lastFromOther: true, listed: true });
    const [counters] = await t.db.select().from(userCounters).where(eq(userCounters.userId, creator.user.id));
    expect(counters?.unread).toBe(1);
    const events = (await t.db.select().from(userEvents).where(eq(userEvents.userId, creator.user.id))).map(
      (e) => e.type,
    );
    // The message, her unread count, and its record in her notifications.
    expect(events).toEqual(['new_message', 'unread_messages', 'notification']);

    const list = (await creator.api.get('/v1/chats?v=2&limit=20&offset=0')).json();
    expect(list.data[0]).toMatchObject({
      _id: chatId,
      unread_messages: 1,
      last_message_text: 'Hello!',
      credits: 10,
    });
    expect(list.unread_messages).toBe(1);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('charges a one-credit rate, which rounds the creator share to nothing', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 3, rate: 1 });
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'penny'));
    expect([res.statusCode, res.json().credits]).toEqual([200, 2]);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(0);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('lets creators write to fans for free', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 0 });
    const res = await creator.api.post('/v1/messages', text(fan.user.id, 'Thanks for following!'));
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(0);
  });

  it('answers 402 with the spec texts when credits run short, and writes nothing', async () => {
    const broke = await fanAndCreator(t, { credits: 0, rate: 10 });
    const none = await broke.fan.api.post('/v1/messages', text(broke.creator.user.id, 'hi'));
    expect([none.statusCode, none.json().message]).toEqual([402, 'You have no credits.']);
    const low = await fanAndCreator(t, { credits: 5, rate: 10 });
    const tooLow = await low.fan.api.post('/v1/messages', text(low.creator.user.id, 'hi'));
    expect([tooLow.statusCode, tooLow.json().message]).toEqual([402, 'Balance too low.']);
    expect(await t.db.$count(messages, eq(messages.chatId, low.chatId))).toBe(0);
    const [member] = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, low.creator.user.id));
    expect(member?.unread).toBe(0);
  });

  it('makes one message and one charge of a hundred repeats of one send id', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100, rate: 10 });
    const body = text(creator.user.id, 'once only');
    const results = await Promise.all(Array.from({ length: 100 }, () => fan.api.post('/v1/messages', body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().data._id)).size).toBe(1);
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(90);
  });

  it('accepts exactly five of a hundred simultaneous sends when credits cover five', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 50, rate: 10 });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fan.api.post('/v1/messages', text(creator.user.id, `message ${i}`)),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(95);
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(5);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    const [member] = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, creator.user.id));
    expect(member).toMatchObject({ unread: 5, spentByOther: 50 });
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('refuses bad sends with clear texts and writes nothing', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const cases: [object, number, string][] = [
      [text(fan.user.id, 'me'), 400, "You can't send message to yourself"],
      [text(creator.user.id, 'x'.repeat(2001)), 400, 'body.text: must be at most 2000 characters'],
      [text(creator.user.id, '   '), 400, 'Please write a message first.'],
      [
        { ...text(creator.user.id, ''), type: 'gif', gif_url: 'https://evil.example/x.gif' },
        400,
        'This GIF cannot be sent.',
      ],
      [
        { ...text(creator.user.id, ''), type: 'gif', gif_url: 'http://media.giphy.com/x.gif' },
        400,
        'This GIF cannot be sent.',
      ],
      [text(creator.user.id, 'hi', { chat_id: randomUUID() }), 404, 'Chat not found'],
      [text(creator.user.id, 'buy this', { price: 50 }), 400, 'Only creators can send paid messages.'],
      [
        text(creator.user.id, 'reply', { parent_message_id: '999999' }),
        400,
        'The message you reply to is not in this chat.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await fan.api.post('/v1/messages', body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(0);
    expect(await creditsOf(t.db, fan.user.id)).toBe(100);
  });

  it('replies to a message of the same chat', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const first = (await creator.api.post('/v1/messages', text(fan.user.id, 'Question?'))).json().data._id;
    const reply = await fan.api.post(
      '/v1/messages',
      text(creator.user.id, 'Answer', { parent_message_id: first }),
    );
    expect(reply.json().data.parent_message_id).toBe(first);
    const other = await fanAndCreator(t, { credits: 100 });
    const foreign = await other.fan.api.post(
      '/v1/messages',
      text(other.creator.user.id, 'x', { parent_message_id: first }),
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('sends a GIF from the local library', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const gifs = (await fan.api.get('/v1/gifs?q=hello')).json().data;
    expect(gifs[0]).toMatchObject({ id: 'hello', url: '/media/public/gif-hello.gif' });
    const served = await t.app.inject({ url: gifs[0].url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/gif']);
    const res = await fan.api.post('/v1/messages', {
      ...text(creator.user.id, ''),
      type: 'gif',
      gif_url: gifs[0].url,
    });
    expect(res.json().data).toMatchObject({ type: 'gif', gif_url: '/media/public/gif-hello.gif' });
  });

  it('refuses media into a media-blocked chat, and messages to someone who blocked you', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await creator.api.post(`/v1/chats/${chatId}/block-media`);
    const gif = await fan.api.post('/v1/messages', {
      ...text(creator.user.id, ''),
      type: 'gif',
      gif_url: '/media/public/gif-love.gif',
    });
    expect([gif.statusCode, gif.json().message]).toEqual([403, 'Sending media blocked.']);
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'words are fine'))).statusCode).toBe(
      200,
    );

    await creator.api.post(`/v1/users/${fan.user.id}/block`);
    const blocked = await fan.api.post('/v1/messages', text(creator.user.id, 'hello?'));
    expect([blocked.statusCode, blocked.json().message]).toEqual([
      403,
      "You can't send messages to this user.",
    ]);
    await creator.api.delete(`/v1/users/${fan.user.id}/block`);
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'back'))).statusCode).toBe(200);
  });

  it('refuses a frozen sender with the spec text', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, fan.user.id));
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'hi'));
    expect([res.statusCode, res.json().message]).toEqual([
      423,
      'Your account has been temporarily frozen. Please respond to your chat with support.',
    ]);
  });

  it('warns about payments outside Cove, then sends on confirmation', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const body = text(creator.user.id, 'Can I pay you on PayPal?');
    const warned = await fan.api.post('/v1/messages', body);
    expect([warned.statusCode, warned.json().code]).toEqual([422, 'text_warned']);
    expect(await t.db.$count(messages, eq(messages.chatId, chatId))).toBe(0);
    const sent = await fan.api.post('/v1/messages/warned', body);
    expect(sent.statusCode).toBe(200);
    const blocked = await fan.api.post('/v1/messages/warned', text(creator.user.id, 'are you underage'));
    expect([blocked.statusCode, blocked.json().code]).toEqual([422, 'text_blocked']);
  });
});
