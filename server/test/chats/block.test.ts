import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, grantCredits, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ChatDto {
  recipient_id: string;
  blocked: boolean;
}

describe('a block on the chat', () => {
  it('shows as blocked to the blocker only, in the chat and on the list, until unblocked', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const other = await person(t, { type: 'user' });
    await grantCredits(t.db, other.user.id, 100);
    await other.api.post('/v1/chat', { recipient_id: creator.user.id });
    for (const f of [fan, other]) await f.api.post('/v1/messages', text(creator.user.id, 'hi'));
    const chatOf = async (as: typeof fan, id: string) =>
      (await as.api.get(`/v1/chat?recipient_id=${id}`)).json<{ data: ChatDto }>().data.blocked;
    const list = async () =>
      Object.fromEntries(
        (await creator.api.get('/v1/chats?v=2&limit=20'))
          .json<{ data: ChatDto[] }>()
          .data.map((c) => [c.recipient_id, c.blocked]),
      );

    expect(await chatOf(creator, fan.user.id)).toBe(false);
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(await chatOf(creator, fan.user.id)).toBe(true);
    expect(await chatOf(fan, creator.user.id)).toBe(false);
    expect(await list()).toEqual({ [fan.user.id]: true, [other.user.id]: false });

    expect((await creator.api.delete(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(await chatOf(creator, fan.user.id)).toBe(false);
    expect(await list()).toEqual({ [fan.user.id]: false, [other.user.id]: false });
  });
});
