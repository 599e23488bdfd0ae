import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reused = {
  message: 'This send_id was already used for a different message. Use a new send_id for a new message.',
  code: 'send_id_reused',
};

/** A fan with 100 credits in a chat at 10 credits a message, and what they own so far. */
async function setup() {
  const pair = await fanAndCreator(t, { credits: 100, rate: 10 });
  const state = async () => ({
    credits: await creditsOf(t.db, pair.fan.user.id),
    messages: await t.db.$count(messages, eq(messages.chatId, pair.chatId)),
  });
  return { ...pair, state };
}

describe('send ids', () => {
  it('answers a repeated send with the first message and charges once', async () => {
    const { fan, creator, state } = await setup();
    const body = text(creator.user.id, 'hello');
    const first = await fan.api.post('/v1/messages', body);
    const again = await fan.api.post('/v1/messages', body);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data).toEqual(first.json().data);
    expect(await state()).toMatchObject({ credits: 90 });
  });

  it('answers a retry with the first message after the recipient blocked the sender', async () => {
    const { fan, creator, state } = await setup();
    const body = text(creator.user.id, 'hello');
    const first = await fan.api.post('/v1/messages', body);
    expect(first.statusCode).toBe(200);
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    const again = await fan.api.post('/v1/messages', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await state()).toEqual({ credits: 90, messages: 1 });
  });

  it('stores and charges 100 concurrent repeats of one send id once', async () => {
    const { fan, creator, state } = await setup();
    const body = text(creator.user.id, 'hello');
    const answers = await Promise.all(Array.from({ length: 100 }, () => fan.api.post('/v1/messages', body)));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
    expect(await state()).toEqual({ credits: 90, messages: 1 });
  });

  it('refuses a tip that reuses a text message send id, and charges nothing', async () => {
    const { fan, creator, chatId, state } = await setup();
    const body = text(creator.user.id, 'hello');
    expect((await fan.api.post('/v1/messages', body)).statusCode).toBe(200);
    const before = await state();
    const res = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 50,
      send_id: body.send_id,
    });
    expect([res.statusCode, res.json()]).toEqual([409, reused]);
    expect(await state()).toEqual(before);
  });

  it('refuses a text message that reuses a tip send id', async () => {
    const { fan, creator, chatId, state } = await setup();
    const sendId = randomUUID();
    expect(
      (await fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 5, send_id: sendId })).statusCode,
    ).toBe(200);
    const before = await state();
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'hi', { send_id: sendId }));
    expect([res.statusCode, res.json()]).toEqual([409, reused]);
    expect(await state()).toEqual(before);
  });

  it('refuses the same send id with another text, kind, self-destruct or reply', async () => {
    const { fan, creator, state } = await setup();
    const first = await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    const body = text(creator.user.id, 'hello');
    expect((await fan.api.post('/v1/messages', body)).statusCode).toBe(200);
    const before = await state();
    for (const changed of [
      { text: 'hello!' },
      { type: 'gif', gif_url: 'https://media.giphy.com/media/abc/giphy.gif' },
      { self_destruct: true },
      { parent_message_id: first.json().data._id },
    ]) {
      const res = await fan.api.post('/v1/messages', { ...body, ...changed });
      expect([res.statusCode, res.json()]).toEqual([409, reused]);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses the same send id in another chat', async () => {
    const { fan, creator, state } = await setup();
    const other = await fanAndCreator(t, { rate: 10 });
    const opened = await fan.api.post('/v1/chat', { recipient_id: other.creator.user.id });
    expect(opened.statusCode).toBe(200);
    const body = text(creator.user.id, 'hello');
    expect((await fan.api.post('/v1/messages', body)).statusCode).toBe(200);
    const before = await state();
    const res = await fan.api.post('/v1/messages', { ...body, recipient_id: other.creator.user.id });
    expect([res.statusCode, res.json()]).toEqual([409, reused]);
    expect(await state()).toEqual(before);
  });

  it('returns a repeated tip once, and refuses its send id with another amount', async () => {
    const { fan, chatId, state } = await setup();
    const tip = { chat_id: chatId, amount: 5, send_id: randomUUID() };
    const first = await fan.api.post('/v1/messages/tip', tip);
    const again = await fan.api.post('/v1/messages/tip', tip);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data).toEqual(first.json().data);
    const before = await state();
    expect(before.credits).toBe(95);
    const res = await fan.api.post('/v1/messages/tip', { ...tip, amount: 6 });
    expect([res.statusCode, res.json()]).toEqual([409, reused]);
    expect(await state()).toEqual(before);
  });
});
