import { fanAndCreator, text } from '../helpers/chats';
import { openSocket, type Received, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

type LiveMessage = Received & {
  message: { _id: string; created_at: string; type: string; text: string };
  message_id?: string;
  timestamp?: string;
  info?: string | null;
};

describe('the spec fields of chats and messages', () => {
  it('skips `offset` of the newest messages, and pages on from the last one returned', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    for (const word of ['one', 'two', 'three'])
      expect((await fan.api.post('/v1/messages', text(creator.user.id, word))).statusCode).toBe(200);
    const page = (query: string) => creator.api.get(`/v1/chats/${chatId}/messages?${query}`);
    const texts = (res: Awaited<ReturnType<typeof page>>) =>
      res.json<{ data: { text: string }[] }>().data.map((m) => m.text);
    expect(texts(await page('limit=2'))).toEqual(['three', 'two']);
    const skipped = await page('limit=1&offset=1');
    expect(texts(skipped)).toEqual(['two']);
    const next = skipped.json<{ next: string }>().next;
    expect(texts(await creator.api.get(next))).toEqual(['one']);
  });

  it('sends a live message with its spec names: message_id, timestamp and info', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const socket = openSocket(wsBase(t.app), fan.token);
    await socket.opened;
    await socket.until((m) => m.type === 'init');
    expect((await creator.api.post('/v1/messages', text(fan.user.id, 'hello'))).statusCode).toBe(200);
    const sent = (await socket.until((m) => m.type === 'new_message')) as LiveMessage;
    expect(sent).toMatchObject({
      message_id: sent.message._id,
      timestamp: sent.message.created_at,
      info: null,
      message: { text: 'hello' },
    });
    // A system notice names its kind in `info`.
    expect((await creator.api.post('/v1/chats/change-rate', { chat_id: chatId, rate: 30 })).statusCode).toBe(
      200,
    );
    const notice = (await socket.until(
      (m) => m.type === 'new_message' && (m as LiveMessage).message.type === 'for_user_rate_changed',
    )) as LiveMessage;
    expect(notice).toMatchObject({ message_id: notice.message._id, info: 'for_user_rate_changed' });
    socket.ws.close();
    await socket.closed;
  });

  it('changes a chat’s rate at once, so no rate is ever pending (`new_rate` stays null)', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { rate: 10 });
    expect((await creator.api.post('/v1/chats/change-rate', { chat_id: chatId, rate: 30 })).statusCode).toBe(
      200,
    );
    const chat = (await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json().data;
    expect(chat).toMatchObject({ credit_rate: 30, new_rate: null });
  });
});
