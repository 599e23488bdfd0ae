import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { chatMembers, chats, hiddenMessages, messages, notes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('object-level access', () => {
  it('gives a third person 403 or 404 on every route that takes a chat, message or note id, and changes nothing', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const paid = (await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 10 }))).json()
      .data._id;
    const plain = (await fan.api.post('/v1/messages', text(creator.user.id, 'hello'))).json().data._id;
    const noteId = (await creator.api.post('/v1/chats/note', { id: chatId, note: 'private' })).json().data.id;
    const intruder = await person(t, { type: 'featured' });
    const before = {
      messages: await t.db.select().from(messages).where(eq(messages.chatId, chatId)),
      members: await t.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)),
      chat: await t.db.select().from(chats).where(eq(chats.id, chatId)),
      notes: await t.db.select().from(notes),
    };

    const attempts = [
      intruder.api.get(`/v1/chats/${chatId}/messages`),
      intruder.api.post('/v1/messages', text(creator.user.id, 'hi', { chat_id: chatId })),
      intruder.api.patch(`/v1/messages/${paid}/buy`),
      intruder.api.patch(`/v1/messages/${plain}/hide-for-me`),
      intruder.api.delete(`/v1/messages/${plain}`),
      intruder.api.post('/v1/chats/change-rate', { chat_id: chatId, rate: 0 }),
      intruder.api.post('/v1/chats/note', { id: chatId, note: 'mine now' }),
      intruder.api.patch(`/v1/notes/${noteId}`, { text: 'changed' }),
      intruder.api.delete(`/v1/notes/${noteId}`),
      intruder.api.post(`/v1/chats/${chatId}/block-media`),
      intruder.api.delete(`/v1/chats/${chatId}/block-media`),
      intruder.api.post('/v1/messages/tip', { chat_id: chatId, amount: 1, send_id: 'x' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([403, 404]).toContain(res.statusCode);
    }
    expect((await intruder.api.get(`/v1/messages?ids=${paid},${plain}`)).json().data).toEqual([]);
    for (const action of ['read', 'delete', 'hide', 'favorite']) {
      expect((await intruder.api.patch('/v1/chats', { action, ids: [chatId] })).json()).toEqual({
        updated: 0,
      });
    }

    expect(await t.db.select().from(messages).where(eq(messages.chatId, chatId))).toEqual(before.messages);
    expect(await t.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId))).toEqual(
      before.members,
    );
    expect(await t.db.select().from(chats).where(eq(chats.id, chatId))).toEqual(before.chat);
    expect(await t.db.select().from(notes)).toEqual(before.notes);
    expect(await t.db.$count(hiddenMessages)).toBe(0);
  });

  it('lets only the sender delete a message, and hide-for-me hides it for the hider only', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const id = (await fan.api.post('/v1/messages', text(creator.user.id, 'oops'))).json().data._id;
    const notMine = await creator.api.delete(`/v1/messages/${id}`);
    expect([notMine.statusCode, notMine.json().message]).toEqual([403, 'You can not delete this message.']);
    expect((await creator.api.patch(`/v1/messages/${id}/hide-for-me`)).statusCode).toBe(204);
    expect((await creator.api.get(`/v1/chats/${chatId}/messages`)).json().data).toEqual([]);
    expect((await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data).toHaveLength(1);
    expect((await fan.api.delete(`/v1/messages/${id}`)).statusCode).toBe(204);
    expect((await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data).toEqual([]);
  });

  it('takes a deleted message its recipient had not read out of their unread counts, once', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const ids: string[] = [];
    for (const words of ['one', 'two'])
      ids.push((await fan.api.post('/v1/messages', text(creator.user.id, words))).json().data._id);
    const unread = async () => {
      const list = (await creator.api.get('/v1/chats?v=2&limit=5')).json();
      return [
        list.unread_messages,
        list.data.find((c: { _id: string }) => c._id === chatId)?.unread_messages,
      ];
    };
    expect(await unread()).toEqual([2, 2]);
    const twice = await Promise.all([
      fan.api.delete(`/v1/messages/${ids[1]}`),
      fan.api.delete(`/v1/messages/${ids[1]}`),
    ]);
    // Two deletes at once may both succeed (a delete is idempotent); the count drops once.
    expect(twice.map((r) => r.statusCode)).toContain(204);
    expect(twice.every((r) => [204, 404].includes(r.statusCode))).toBe(true);
    expect(await unread()).toEqual([1, 1]);
  });
});

describe('typing', () => {
  it('reaches the other member only, never an outsider', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const intruder = await person(t);
    const port = (t.app.server.address() as AddressInfo).port;
    const connect = async (token: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
      const got: { type: string; chat_id?: string; sender_id?: string }[] = [];
      ws.on('message', (raw) => got.push(JSON.parse(raw.toString())));
      await new Promise((resolve) => ws.once('open', resolve));
      return { ws, got };
    };
    const c = await connect(creator.token);
    const f = await connect(fan.token);
    const i = await connect(intruder.token);
    i.ws.send(JSON.stringify({ type: 'typing_start', chat_id: chatId }));
    f.ws.send(JSON.stringify({ type: 'typing_start', chat_id: chatId }));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (c.got.some((m) => m.type === 'typing_start')) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    // The intruder's typing went first; had it been relayed, it would have arrived first too.
    expect(c.got.filter((m) => m.type === 'typing_start')).toEqual([
      { type: 'typing_start', chat_id: chatId, sender_id: fan.user.id },
    ]);
    expect(f.got.some((m) => m.type === 'typing_start')).toBe(false);
    for (const s of [c, f, i]) s.ws.close();
  });
});
