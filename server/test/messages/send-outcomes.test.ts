import { randomUUID } from 'node:crypto';
import { errorText, type MediaResponse } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { chatMembers, messages, users } from '../../src/db/schema';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../media/helpers/fixtures';
import { settled, upload } from '../media/helpers/upload';

/**
 * Every answer of `send_one` (src/messages/send-handoff.ts), each driven through the real function
 * and read as the route answers it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

async function uploadedPhoto(token: string): Promise<string> {
  const res = await upload(t.app, token, { data: await photo() }, { type: 'paid_message' });
  expect(res.statusCode).toBe(200);
  return (await settled(t.app, token, (res.json() as MediaResponse).media_id)).media_id;
}

describe('send_one outcomes', () => {
  it('created: writes the message, charges the rate and answers the balance', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100, rate: 10 });
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credits: 90, data: { text: 'hello', sender_id: fan.user.id } });
  });

  it('created, ending an intro: both notices are written, each seen by its side only', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: 100,
      rate: 7,
      creator: { introEnabled: true },
    });
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'hi'))).json().credits).toBe(100);
    expect((await creator.api.post('/v1/messages', text(fan.user.id, 'welcome'))).statusCode).toBe(200);
    // The intro's opening notices (test/chats/open-chat.test.ts) are not this test's subject.
    const isEnd = (m: { type: string }) => m.type.startsWith('intro_ended');
    const seen = async (who: typeof fan) =>
      (await who.api.get(`/v1/chats/${chatId}/messages`))
        .json()
        .data.filter(isEnd)
        .map((m: { type: string; text: string; notice: unknown }) => [m.type, m.text, m.notice]);
    const notice = { kind: 'intro_ended', amount: 7 };
    expect(await seen(fan)).toEqual([['intro_ended', '', notice]]);
    expect(await seen(creator)).toEqual([['intro_ended_model', '', notice]]);
    // Each notice reaches its side's event log as the list shows it.
    for (const who of [fan, creator]) {
      const listed = (await who.api.get(`/v1/chats/${chatId}/messages`)).json().data.find(isEnd);
      const [logged] = rowsOf<{ message: unknown }>(
        await t.db.execute(sql`select payload->'message' as message from user_events
          where user_id = ${who.user.id} and payload->'message'->>'type' like 'intro_ended%'`),
      );
      expect(logged?.message).toEqual(listed);
    }
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'thanks'))).json().credits).toBe(93);
  });

  it('stored: a send id used before for the same message answers the first one', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const body = text(creator.user.id, 'hello');
    const first = await fan.api.post('/v1/messages', body);
    const again = await fan.api.post('/v1/messages', body);
    expect(again.json()).toEqual(first.json());
  });

  it('stored, for a send the server refuses itself: a frozen sender\u2019s retry is answered', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const body = text(creator.user.id, 'hello');
    const first = await fan.api.post('/v1/messages', body);
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, fan.user.id));
    expect((await fan.api.post('/v1/messages', body)).json().data).toEqual(first.json().data);
    expect(refusal(await fan.api.post('/v1/messages', text(creator.user.id, 'new')))).toEqual([
      423,
      'frozen',
    ]);
    expect(refusal(await fan.api.post('/v1/messages', { ...body, text: 'other' }))).toEqual([
      409,
      'send_id_reused',
    ]);
  });

  it('send_id_reused: a send id used before for another message', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const body = text(creator.user.id, 'hello');
    await fan.api.post('/v1/messages', body);
    expect(refusal(await fan.api.post('/v1/messages', { ...body, text: 'other' }))).toEqual([
      409,
      'send_id_reused',
    ]);
  });

  it('media_not_usable: media that is not the sender\u2019s', async () => {
    const { creator, fan } = await fanAndCreator(t, { credits: 100 });
    const body = text(fan.user.id, '', { type: 'image', media_id: randomUUID() });
    expect(refusal(await creator.api.post('/v1/messages', body))).toEqual([400, 'media_not_usable']);
  });

  it('media_kind: a photo sent as a video', async () => {
    const { creator, fan } = await fanAndCreator(t, { credits: 100 });
    const body = text(fan.user.id, '', { type: 'video', media_id: await uploadedPhoto(creator.token) });
    const res = await creator.api.post('/v1/messages', body);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      400,
      'media_kind',
      'This file is not a video.',
    ]);
  });

  it('user_not_found: a recipient who never existed', async () => {
    const { fan } = await fanAndCreator(t, { credits: 100 });
    expect(refusal(await fan.api.post('/v1/messages', text(randomUUID(), 'hello')))).toEqual([
      404,
      'user_not_found',
    ]);
  });

  it('gone: a recipient banned since the chat opened', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, creator.user.id));
    expect(refusal(await fan.api.post('/v1/messages', text(creator.user.id, 'hello')))).toEqual([
      410,
      'gone',
    ]);
  });

  it('not_found: a chat that is not the pair\u2019s', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const body = text(creator.user.id, 'hello', { chat_id: randomUUID() });
    expect(refusal(await fan.api.post('/v1/messages', body))).toEqual([404, 'not_found']);
  });

  it('blocked: a block either way', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(refusal(await fan.api.post('/v1/messages', text(creator.user.id, 'hello')))).toEqual([
      403,
      'blocked',
    ]);
  });

  it('media_blocked: media to a member who blocked media', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await t.db
      .update(chatMembers)
      .set({ mediaBlocked: true })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, fan.user.id)));
    const body = text(fan.user.id, '', { type: 'image', media_id: await uploadedPhoto(creator.token) });
    expect(refusal(await creator.api.post('/v1/messages', body))).toEqual([403, 'media_blocked']);
  });

  it('bad_parent: a reply to a message the sender cannot see', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const hidden = await creator.api.post('/v1/messages', text(fan.user.id, 'one'));
    await t.db
      .update(messages)
      .set({ deletedAt: new Date() })
      .where(eq(messages.id, Number(hidden.json().data._id)));
    const body = text(creator.user.id, 'reply', { parent_message_id: hidden.json().data._id });
    expect(refusal(await fan.api.post('/v1/messages', body))).toEqual([400, 'bad_parent']);
  });

  it('not_enough_credits: a balance below the rate, with the balance in the answer', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 5, rate: 10 });
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    expect([res.statusCode, res.json().code]).toEqual([402, 'not_enough_credits']);
    expect(res.json().message).toBe(errorText('not_enough_credits', 5));
  });
});
