import { randomUUID } from 'node:crypto';
import { messages as messageTexts } from '@cove/contracts';
import { runAdminCommand } from '../../src/admin/commands';
import { FROZEN_SUPPORT_TEXT } from '../../src/support/support-chat';
import { fanAndCreator, grantCredits, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (command: 'freeze' | 'unfreeze', email: string) =>
  runAdminCommand(t.db, t.app.realtime, { actor: 'ops@test', command, email, args: [] });

/** The person's chat with support, as their chat list shows it. */
async function supportChatOf(api: Awaited<ReturnType<typeof person>>['api']) {
  const list = (await api.get('/v1/chats')).json();
  const support = list.data_users.find((u: { username: string }) => u.username === 'support');
  const chat = list.data.find((c: { other_user: { _id: string } }) => c.other_user._id === support?._id);
  return { support, chat, first: list.data[0] };
}

describe('a frozen account and support', () => {
  it('freezing opens the support chat with a first message, once, pinned on top of the list', async () => {
    const { fan } = await fanAndCreator(t, { credits: 100 });
    await admin('freeze', fan.user.email);
    await admin('freeze', fan.user.email);
    const { support, chat, first } = await supportChatOf(fan.api);
    expect(support).toBeDefined();
    expect(first._id).toBe(chat._id);
    expect(chat.unread_messages).toBe(1);
    const thread = (await fan.api.get(`/v1/chats/${chat._id}/messages`)).json();
    expect(thread.data.map((m: { text: string }) => m.text)).toEqual([FROZEN_SUPPORT_TEXT]);
  });

  it('lets a frozen person write to support only; every other open, send, tip, unlock and subscription is refused', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 1000 });
    const other = await person(t, { type: 'featured', creditRate: 0 });
    await admin('freeze', fan.user.email);
    const { support } = await supportChatOf(fan.api);

    const toSupport = await fan.api.post('/v1/messages', text(support._id, 'It was not me'));
    expect(toSupport.statusCode).toBe(200);

    const refusals = [
      await fan.api.post('/v1/messages', text(creator.user.id, 'hello?')),
      await fan.api.post('/v1/chat', { recipient_id: other.user.id }),
      await fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 10, send_id: randomUUID() }),
      await fan.api.patch('/v1/messages/1/buy'),
      await fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() }),
    ];
    for (const res of refusals) {
      expect([res.statusCode, res.json().message]).toEqual([423, messageTexts.frozen]);
    }
  });

  it('staff read support chats with unread first and answer as support; others may not', async () => {
    const quiet = await person(t);
    const { fan } = await fanAndCreator(t);
    const staff = await person(t, { isStaff: true });
    await grantCredits(t.db, fan.user.id, 10);
    await admin('freeze', quiet.user.email);
    await admin('freeze', fan.user.email);
    const { support, chat } = await supportChatOf(fan.api);
    await fan.api.post('/v1/messages', text(support._id, 'Please help'));
    // Staff read the quiet one's chat, so the fan's (with his unread reply) is on top.
    const before = (await staff.api.get('/v1/admin/support/chats')).json();
    const quietChat = before.data.find((c: { user: { _id: string } }) => c.user._id === quiet.user.id);
    await staff.api.get(`/v1/admin/support/chats/${quietChat.chat_id}/messages`);

    const list = (await staff.api.get('/v1/admin/support/chats')).json();
    expect(list.data[0]).toMatchObject({ chat_id: chat._id, frozen: true, unread: 1 });
    expect(list.data.find((c: { chat_id: string }) => c.chat_id === quietChat.chat_id).unread).toBe(0);

    const thread = (await staff.api.get(`/v1/admin/support/chats/${chat._id}/messages`)).json();
    expect(thread.data.map((m: { text: string }) => m.text)).toEqual(['Please help', FROZEN_SUPPORT_TEXT]);
    const reply = await staff.api.post(`/v1/admin/support/chats/${chat._id}/messages`, {
      text: 'We are looking into it.',
      send_id: randomUUID(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ text: 'We are looking into it.', sender_id: support._id });
    const seen = (await fan.api.get(`/v1/chats/${chat._id}/messages`)).json();
    expect(seen.data[0].text).toBe('We are looking into it.');

    // Not staff: 403, whatever the chat.
    for (const res of [
      await fan.api.get('/v1/admin/support/chats'),
      await fan.api.get(`/v1/admin/support/chats/${chat._id}/messages`),
      await fan.api.post(`/v1/admin/support/chats/${chat._id}/messages`, {
        text: 'x',
        send_id: randomUUID(),
      }),
    ])
      expect(res.statusCode).toBe(403);
    // A chat that is not support's is not found, and an empty reply changes nothing.
    const { chatId: notSupport } = await fanAndCreator(t);
    const stray = await staff.api.post(`/v1/admin/support/chats/${notSupport}/messages`, {
      text: 'hi',
      send_id: randomUUID(),
    });
    expect(stray.statusCode).toBe(404);
    const empty = await staff.api.post(`/v1/admin/support/chats/${chat._id}/messages`, {
      text: '   ',
      send_id: randomUUID(),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('unfreezing lets the person chat again', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await admin('freeze', fan.user.email);
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'hi'))).statusCode).toBe(423);
    await admin('unfreeze', fan.user.email);
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'hi'))).statusCode).toBe(200);
  });
});
