import type { FeedItem } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { userEvents } from '../../src/db/schema';
import { grantCredits, type Party, person } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { follow, post } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const stats = async (who: Party, postId: string) => who.api.get(`/v1/feed/${postId}/stats`);

async function statsEvents(p: Party) {
  const rows = await t.db
    .select({ payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, p.user.id), eq(userEvents.type, 'post_stats')))
    .orderBy(asc(userEvents.seq));
  return rows.map((r) => r.payload);
}

describe('post statistics', () => {
  let maker: Party;
  let fan: Party;
  let other: Party;
  let item: FeedItem;
  beforeAll(async () => {
    maker = await person(t, { type: 'featured' });
    fan = await person(t, { type: 'user' });
    other = await person(t, { type: 'user' });
    await follow(t, fan, maker);
    await follow(t, other, maker);
    item = await post(maker, { type: 'text', text: 'Numbers\nfor sale', price: 25 });
  });

  it('are for the creator only', async () => {
    expect((await stats(maker, item._id)).json()).toEqual({
      data: { feed_id: item._id, views: 0, likes: 0, unlocks: 0, revenue: 0 },
    });
    const refused = await stats(fan, item._id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'not_found', message: 'Post not found' });
    expect((await stats(fan, 'not-a-post')).statusCode).toBe(404);
    const seen = (await fan.api.get(`/v1/feed?model_id=${maker.user.id}`)).json().data as FeedItem[];
    expect(seen[0]?.stats).toBeUndefined();
    const own = (await maker.api.get(`/v1/feed?model_id=${maker.user.id}`)).json().data as FeedItem[];
    expect(own[0]?.stats).toMatchObject({ unlocks: 0, revenue: 0 });
  });

  it('count a view once per person however many requests race, and never the creator’s own', async () => {
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? fan.api.get(`/v1/feed?model_id=${maker.user.id}`) : fan.api.get(`/v1/feed/${item._id}`),
      ),
    );
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    await maker.api.get(`/v1/feed/${item._id}`);
    expect((await stats(maker, item._id)).json().data.views).toBe(1);
    await other.api.get('/v1/feed');
    expect((await stats(maker, item._id)).json().data.views).toBe(2);
    // The creator heard each new view as it happened, and only those.
    expect(await statsEvents(maker)).toEqual([
      { feed_id: item._id, views: 1, likes: 0, unlocks: 0, revenue: 0 },
      { feed_id: item._id, views: 2, likes: 0, unlocks: 0, revenue: 0 },
    ]);
  });

  it('count unlocks and the creator’s earnings from them and from tips, live', async () => {
    await grantCredits(t.db, fan.user.id, 100);
    expect((await fan.api.patch(`/v1/feed/${item._id}/buy`)).statusCode).toBe(200);
    // 80% of 25, floored.
    expect((await stats(maker, item._id)).json().data).toMatchObject({ unlocks: 1, revenue: 20 });
    const tip = await fan.api.post(`/v1/feed/${item._id}/tip`, { amount: 50, send_id: randomUUID() });
    expect(tip.statusCode).toBe(200);
    expect((await stats(maker, item._id)).json().data).toEqual({
      feed_id: item._id,
      views: 2,
      likes: 0,
      unlocks: 1,
      revenue: 60,
    });
    expect((await statsEvents(maker)).slice(-2)).toEqual([
      { feed_id: item._id, views: 2, likes: 0, unlocks: 1, revenue: 20 },
      { feed_id: item._id, views: 2, likes: 0, unlocks: 1, revenue: 60 },
    ]);
    const own = (await maker.api.get(`/v1/feed/${item._id}`)).json().data as FeedItem;
    expect(own.stats).toEqual({ views: 2, likes: 0, unlocks: 1, revenue: 60 });
    // A fan who bought it likes it: the creator's numbers count it.
    expect((await fan.api.put(`/v1/feed/${item._id}/like`)).statusCode).toBe(200);
    expect((await stats(maker, item._id)).json().data).toMatchObject({ likes: 1, unlocks: 1 });
  });
});
