import { randomUUID } from 'node:crypto';
import type { Chat } from '@cove/contracts';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firstRow = async (party: { api: { get(u: string): Promise<{ json(): unknown }> } }) =>
  ((await party.api.get('/v1/chats?v=2&limit=20&offset=0')).json() as { data: Chat[] }).data[0];

describe('a chat whose last message is a money line', () => {
  it('gives both members the line’s kind, amount and sender, and drops them when a message follows', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const tip = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 75,
      send_id: randomUUID(),
    });
    expect(tip.statusCode).toBe(200);
    for (const party of [creator, fan])
      expect(await firstRow(party)).toMatchObject({
        last_message_text: 'Tip',
        last_message_sender_id: fan.user.id,
        last_message_notice: { kind: 'tip', amount: 75 },
      });

    expect((await creator.api.post('/v1/messages', text(fan.user.id, 'Thank you!'))).statusCode).toBe(200);
    expect(await firstRow(fan)).toMatchObject({
      last_message_text: 'Thank you!',
      last_message_sender_id: creator.user.id,
      last_message_notice: null,
    });
  });
});
