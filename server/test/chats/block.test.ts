import { eq } from 'drizzle-orm';
import { userEvents } from '../../src/db/schema';
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
type FanChat = ChatDto & { blocked_by_other: boolean };

describe('a block on the chat', () => {
  it('shows the blocked person a closed chat, told at once, until unblocked', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await fan.api.post('/v1/messages', text(creator.user.id, 'hi'));
    const fanView = async () =>
      (await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json<{ data: FanChat }>().data;
    const fanList = async () =>
      (await fan.api.get('/v1/chats?v=2&limit=20'))
        .json<{ data: FanChat[] }>()
        .data.map((c) => c.blocked_by_other);
    const updates = async () =>
      (await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id))).filter(
        (e) => e.type === 'chat_updated',
      ).length;

    expect(await fanView()).toMatchObject({ blocked: false, blocked_by_other: false });
    const before = await updates();
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(await fanView()).toMatchObject({ blocked: false, blocked_by_other: true });
    expect(await fanList()).toEqual([true]);
    expect(await updates()).toBe(before + 1);
    // What the closed chat says is true: a send is refused.
    expect((await fan.api.post('/v1/messages', text(creator.user.id, 'still there?'))).statusCode).toBe(403);

    expect((await creator.api.delete(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect(await fanView()).toMatchObject({ blocked_by_other: false });
    expect(await updates()).toBe(before + 2);
  });

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
