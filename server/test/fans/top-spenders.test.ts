import { randomUUID } from 'node:crypto';
import { grantCredits, person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';

const t = balancedAppForFile();

it('lists the fans who paid, biggest spender first, and counts them', async () => {
  const creator = await person(t, { type: 'featured', creditRate: 0 });
  const tipped = async (amount: number) => {
    const fan = await person(t, { type: 'user' });
    await grantCredits(t.db, fan.user.id, 1000);
    const chatId = (await fan.api.post('/v1/chat', { recipient_id: creator.user.id })).json().data
      ._id as string;
    const send = { type: 'text', recipient_id: creator.user.id, text: 'hi', send_id: randomUUID() };
    expect((await fan.api.post('/v1/messages', send)).statusCode).toBe(200);
    if (amount > 0) {
      const tip = await fan.api.post('/v1/messages/tip', { chat_id: chatId, amount, send_id: randomUUID() });
      expect(tip.statusCode).toBe(200);
    }
    return chatId;
  };
  const small = await tipped(20);
  const big = await tipped(300);
  await tipped(0);
  const middle = await tipped(90);

  const page = (await creator.api.get('/v1/chats?type=top&limit=2')).json();
  expect(page.data.map((c: { _id: string; credits: number }) => [c._id, c.credits])).toEqual([
    [big, 300],
    [middle, 90],
  ]);
  const rest = (await creator.api.get('/v1/chats?type=top&limit=2&offset=2')).json();
  expect(rest.data.map((c: { _id: string }) => c._id)).toEqual([small]);
  expect((await creator.api.get('/v1/chats/total')).json()).toMatchObject({ fans: 3, top: 3 });
});
