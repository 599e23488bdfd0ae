import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../../src/auth/tokens';
import { userCounters, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { grantCredits, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A creator with several fans who each wrote once, oldest first. */
async function inbox(fans: number) {
  const creator = await person(t, { type: 'featured', creditRate: 10 });
  const people = [];
  for (let i = 0; i < fans; i++) {
    const fan = await person(t);
    await grantCredits(t.db, fan.user.id, 2000);
    await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
    await fan.api.post('/v1/messages', text(creator.user.id, `hello ${i}`));
    people.push(fan);
  }
  return { creator, fans: people };
}

const ids = (res: { json(): { data: { recipient_id: string }[] } }) =>
  res.json().data.map((c) => c.recipient_id);

describe('the chat list', () => {
  it('sorts by newest message, pages with next, and puts unread support chats first', async () => {
    const { creator, fans } = await inbox(3);
    const page1 = await creator.api.get('/v1/chats?v=2&limit=2&offset=0');
    expect(ids(page1)).toEqual([fans[2]?.user.id, fans[1]?.user.id]);
    expect(page1.json().data[0].other_user).toEqual({
      _id: fans[2]?.user.id,
      username: fans[2]?.user.username,
      avatar_url: null,
      deleted: false,
    });
    expect(page1.json().next).toBe('/v1/chats?v=2&limit=2&offset=2&type=all');
    const page2 = await creator.api.get(page1.json().next);
    expect(ids(page2)).toEqual([fans[0]?.user.id]);
    expect(page2.json().next).toBeNull();
    expect(page1.json().data_users.map((u: { _id: string }) => u._id)).toEqual([
      fans[2]?.user.id,
      fans[1]?.user.id,
    ]);

    const [support] = await t.db.select().from(users).where(eq(users.username, 'support'));
    if (!support) throw new Error('no support account');
    // Support writes first; then a fan writes later, yet support's unread chat stays on top.
    const supportToken = await issueAccessToken(t.db, support.id);
    const asSupport = { 'access-token': supportToken };
    await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers: asSupport,
      payload: { recipient_id: creator.user.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: asSupport,
      payload: text(creator.user.id, 'Welcome to Cove'),
    });
    await fans[0]?.api.post('/v1/messages', text(creator.user.id, 'me again'));
    expect(ids(await creator.api.get('/v1/chats?v=2'))[0]).toBe(support.id);
  });

  it('filters by tab and search, and totals every tab at once', async () => {
    const { creator, fans } = await inbox(3);
    const [a, b] = fans;
    if (!a || !b) throw new Error('fans missing');
    await creator.api.post('/v1/messages', text(a.user.id, 'thanks!'));
    await b.api.post('/v1/messages/tip', {
      chat_id: (await b.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json().data._id,
      amount: 1000,
      send_id: 'big-tip',
    });

    expect(ids(await creator.api.get('/v1/chats?type=sent'))).toEqual([a.user.id]);
    expect(ids(await creator.api.get('/v1/chats?type=unreplied')).sort()).toEqual(
      fans
        .filter((f) => f !== a)
        .map((f) => f.user.id)
        .sort(),
    );
    expect(ids(await creator.api.get('/v1/chats?type=vip'))).toEqual([b.user.id]);
    expect(ids(await creator.api.get('/v1/chats?type=fans2')).length).toBe(3);
    expect(
      ids(await creator.api.get(`/v1/chats?search=${encodeURIComponent(a.user.username ?? '')}`)),
    ).toEqual([a.user.id]);

    const totals = (await creator.api.get('/v1/chats/total')).json();
    expect(totals).toEqual({
      all: 3,
      online: 0,
      fans: 3,
      subscribers: 0,
      favorites: 0,
      unreplied: 2,
      vip: 1,
      recent: 3,
      sent: 1,
      top: 3,
      hidden: 0,
    });
    expect((await a.api.get('/v1/chats/total')).statusCode).toBe(403);
  });

  it('keeps unread totals right through read, favorite and bulk edits with exceptions', async () => {
    const { creator, fans } = await inbox(3);
    const chatIds = (await creator.api.get('/v1/chats')).json().data.map((c: { _id: string }) => c._id);
    const counters = async () =>
      (await t.db.select().from(userCounters).where(eq(userCounters.userId, creator.user.id)))[0];
    expect(await counters()).toMatchObject({ unread: 3, unreadFavorites: 0 });

    await creator.api.patch('/v1/chats', { action: 'favorite', ids: chatIds.slice(0, 2).join(',') });
    expect(await counters()).toMatchObject({ unread: 3, unreadFavorites: 2 });
    expect(ids(await creator.api.get('/v1/chats?type=favorites')).length).toBe(2);
    expect((await creator.api.get('/v1/users/me')).json().has_favorites).toBe(true);

    const read = await creator.api.patch('/v1/chats', {
      action: 'read',
      except_ids: [chatIds[0]],
      type: 'all',
    });
    expect(read.json()).toEqual({ updated: 2 });
    expect(await counters()).toMatchObject({ unread: 1, unreadFavorites: 1 });
    const list = (await creator.api.get('/v1/chats')).json();
    expect([list.unread_messages, list.unread_messages_favorites]).toEqual([1, 1]);

    const seen = (await fans[1]?.api.get(`/v1/chats/${list.data[1]._id}/messages`))?.json().data[0];
    expect(seen?.is_read).toBe(true);

    await creator.api.patch('/v1/chats', { action: 'hide', ids: [chatIds[2]] });
    expect((await creator.api.get('/v1/chats')).json().data).toHaveLength(2);
    await creator.api.patch('/v1/chats', { action: 'delete', ids: [chatIds[0]] });
    expect((await creator.api.get('/v1/chats')).json().data).toHaveLength(1);
    expect(await counters()).toMatchObject({ unread: 0, unreadFavorites: 0 });
    expect((await creator.api.get(`/v1/chats/${chatIds[0]}/messages`)).json().data).toEqual([]);
  });

  it('needs ids or except_ids', async () => {
    const creator = await person(t, { type: 'featured' });
    const res = await creator.api.patch('/v1/chats', { action: 'read' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.ids');
  });

  it('lets a creator change a chat\u2019s rate, telling both sides', async () => {
    const { creator, fans } = await inbox(1);
    const chatId = (await creator.api.get('/v1/chats')).json().data[0]._id;
    expect((await fans[0]?.api.post('/v1/chats/change-rate', { chat_id: chatId, rate: 0 }))?.statusCode).toBe(
      403,
    );
    expect((await creator.api.post('/v1/chats/change-rate', { chat_id: chatId, rate: 30 })).statusCode).toBe(
      200,
    );
    const fanView = (await fans[0]?.api.get(`/v1/chats/${chatId}/messages`))?.json().data;
    expect(fanView?.[0]).toMatchObject({
      type: 'for_user_rate_changed',
      text: '',
      notice: { kind: 'rate_changed', amount: 30 },
    });
    const creatorView = (await creator.api.get(`/v1/chats/${chatId}/messages`)).json().data;
    expect(creatorView[0]).toMatchObject({
      type: 'for_model_rate_changed',
      notice: { kind: 'rate_changed', amount: 30 },
    });
    const sent = await fans[0]?.api.post('/v1/messages', text(creator.user.id, 'pricier now'));
    expect(sent?.json().credits).toBe(2000 - 10 - 30);
  });
});

describe('notes', () => {
  it('are private to the creator who wrote them', async () => {
    const { creator, fans } = await inbox(1);
    const chatId = (await creator.api.get('/v1/chats')).json().data[0]._id;
    const added = await creator.api.post('/v1/chats/note', { id: chatId, note: 'Likes jazz' });
    expect(added.json().data).toMatchObject({ note: 'Likes jazz' });
    const noteId = added.json().data.id;
    expect((await creator.api.get('/v1/chats')).json().data[0].notes).toEqual([
      expect.objectContaining({ note: 'Likes jazz' }),
    ]);
    expect((await fans[0]?.api.get(`/v1/chat?recipient_id=${creator.user.id}`))?.json().data.notes).toEqual(
      [],
    );
    expect((await fans[0]?.api.post('/v1/chats/note', { id: chatId, note: 'sneaky' }))?.statusCode).toBe(403);
    expect((await creator.api.patch(`/v1/notes/${noteId}`, { text: 'Loves jazz' })).json().data.note).toBe(
      'Loves jazz',
    );
    expect((await creator.api.delete(`/v1/notes/${noteId}`)).statusCode).toBe(204);
    expect((await creator.api.get('/v1/chats')).json().data[0].notes).toEqual([]);
  });
});
