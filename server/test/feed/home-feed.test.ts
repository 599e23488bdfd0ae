import type { User } from '@cove/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { feedFanouts, userEvents, users } from '../../src/db/schema';
import { runFanout } from '../../src/feed/fanout';
import { type Party, person } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { eventually } from '../helpers/payments';
import { follow, post, subscribe } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const creator = () => person(t, { type: 'featured' });
const fan = () => person(t, { type: 'user' });

/** Waits until the post's count has been carried to everyone (or taken back from them). */
async function settledFanout(postId: string): Promise<void> {
  const row = await eventually(
    async () => (await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, postId)))[0],
    (r) => r?.state === 'added' || r?.state === 'removed',
    30_000,
  );
  if (row?.state !== 'added' && row?.state !== 'removed') throw new Error(`fan-out not over: ${row?.state}`);
}

async function unreadOf(p: Party): Promise<number> {
  const res = await p.api.get('/v1/users/me');
  return (res.json() as User).unread_feeds;
}

const homeFeed = (p: Party, query = '') => p.api.get(`/v1/feed${query}`);

async function eventsOf(p: Party, type: string) {
  return t.db
    .select({ payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, p.user.id), eq(userEvents.type, type)))
    .orderBy(userEvents.seq);
}

describe('unread_feeds', () => {
  it('counts every post of creators followed or subscribed to, locked ones too, for those people only', async () => {
    const maker = await creator();
    const follower = await fan();
    const subscriber = await fan();
    const ended = await fan();
    const stranger = await fan();
    await follow(t, follower, maker);
    await subscribe(t, subscriber, maker);
    await subscribe(t, ended, maker, 'canceled', -1);
    const open = await post(maker, { type: 'text', text: 'hello all' });
    const locked = await post(maker, { type: 'text', text: 'for subscribers', audience: 'subscriber' });
    const paid = await post(maker, { type: 'text', text: 'a paid one', price: 20 });
    for (const p of [open, locked, paid]) await settledFanout(p._id);

    expect(await unreadOf(follower)).toBe(3);
    expect(await unreadOf(subscriber)).toBe(3);
    expect(await unreadOf(ended)).toBe(0);
    expect(await unreadOf(stranger)).toBe(0);
    const told = await eventsOf(follower, 'new_feed');
    expect(told.map((e) => e.payload)).toEqual([
      { model_id: maker.user.id, feed_id: open._id, unread_feeds: 1 },
      { model_id: maker.user.id, feed_id: locked._id, unread_feeds: 2 },
      { model_id: maker.user.id, feed_id: paid._id, unread_feeds: 3 },
    ]);
    expect(await eventsOf(stranger, 'new_feed')).toEqual([]);
    expect(await eventsOf(ended, 'new_feed')).toEqual([]);
  });

  it("is cleared by reading the home feed's first page, and only by that", async () => {
    const maker = await creator();
    const reader = await fan();
    await follow(t, reader, maker);
    for (const text of ['one', 'two']) await settledFanout((await post(maker, { type: 'text', text }))._id);
    expect(await unreadOf(reader)).toBe(2);

    expect((await homeFeed(reader, `?model_id=${maker.user.id}`)).statusCode).toBe(200);
    expect((await homeFeed(reader, '?offset=20')).statusCode).toBe(200);
    expect((await homeFeed(reader, '?media=image')).statusCode).toBe(200);
    expect(await unreadOf(reader)).toBe(2);

    const first = await homeFeed(reader);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((p: { text: string }) => p.text)).toEqual(['two', 'one']);
    expect(await unreadOf(reader)).toBe(0);
    expect((await eventsOf(reader, 'unread_feeds')).map((e) => e.payload)).toEqual([{ unread_feeds: 0 }]);
    // Nothing new: a read tells no one again.
    await homeFeed(reader);
    expect(await eventsOf(reader, 'unread_feeds')).toHaveLength(1);

    const later = await post(maker, { type: 'text', text: 'three' });
    await settledFanout(later._id);
    expect(await unreadOf(reader)).toBe(1);
  });

  it('does not count a post made before the follow, nor one older than the last read', async () => {
    const maker = await creator();
    const late = await fan();
    const earlier = await post(maker, { type: 'text', text: 'before you came' });
    await settledFanout(earlier._id);
    await follow(t, late, maker);
    expect(await unreadOf(late)).toBe(0);
    expect((await homeFeed(late)).json().data).toHaveLength(1);

    // A fan-out that reaches someone after they read the feed (a slow job) skips a post they were shown.
    const reader = await fan();
    await follow(t, reader, maker);
    await t.db.execute(sql`update follows set created_at = now() - interval '1 hour'
      where follower_id = ${reader.user.id}`);
    const shown = await post(maker, { type: 'text', text: 'seen already' });
    await settledFanout(shown._id);
    expect(await unreadOf(reader)).toBe(1);
    await homeFeed(reader);
    await t.db
      .update(feedFanouts)
      .set({ state: 'adding', afterUserId: null })
      .where(eq(feedFanouts.postId, shown._id));
    await runFanout(t.app, shown._id);
    expect(await unreadOf(reader)).toBe(0);
  });

  it('takes back a post deleted before it is read, from those who had not read it yet', async () => {
    const maker = await creator();
    const unread = await fan();
    const reader = await fan();
    await follow(t, unread, maker);
    await follow(t, reader, maker);
    const kept = await post(maker, { type: 'text', text: 'kept' });
    await settledFanout(kept._id);
    await homeFeed(reader);
    const gone = await post(maker, { type: 'text', text: 'regretted' });
    await settledFanout(gone._id);
    await homeFeed(reader);
    const another = await post(maker, { type: 'text', text: 'another' });
    await settledFanout(another._id);
    expect([await unreadOf(unread), await unreadOf(reader)]).toEqual([3, 1]);

    expect((await maker.api.delete(`/v1/feed/${gone._id}`)).statusCode).toBe(204);
    await settledFanout(gone._id);
    // The reader had seen it, and their count is for `another` only.
    expect([await unreadOf(unread), await unreadOf(reader)]).toEqual([2, 1]);
    expect((await eventsOf(unread, 'unread_feeds')).map((e) => e.payload)).toEqual([{ unread_feeds: 2 }]);
    expect(await eventsOf(reader, 'unread_feeds')).toHaveLength(2);
    // Deleting again is a 404 and takes nothing back twice.
    expect((await maker.api.delete(`/v1/feed/${gone._id}`)).statusCode).toBe(404);
    expect(await unreadOf(unread)).toBe(2);
  });

  it('stops a fan-out under way at a delete and takes the post back from those it had reached', async () => {
    const maker = await creator();
    const followers = await Promise.all([1, 2, 3, 4].map(() => fan()));
    for (const f of followers) await follow(t, f, maker);
    const ids = followers.map((f) => f.user.id).sort();
    const item = await post(maker, { type: 'text', text: 'oops' });
    await settledFanout(item._id);
    // As if the worker had reached only the first two when the delete came (the others' 5 are
    // other posts').
    await t.db
      .update(users)
      .set({ unreadFeeds: 5 })
      .where(inArray(users.id, ids.slice(2)));
    await t.db
      .update(feedFanouts)
      .set({ state: 'adding', afterUserId: ids[1] })
      .where(eq(feedFanouts.postId, item._id));
    expect((await maker.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(204);
    await settledFanout(item._id);
    const counts = await t.db
      .select({ id: users.id, unread: users.unreadFeeds })
      .from(users)
      .where(inArray(users.id, ids));
    const byId = new Map(counts.map((c) => [c.id, c.unread]));
    expect(ids.map((id) => byId.get(id))).toEqual([0, 0, 5, 5]);
    const [row] = await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, item._id));
    expect(row?.state).toBe('removed');
  });
});

describe('a creator with many followers', () => {
  const FOLLOWERS = 5_000;

  it('counts the post for each of them and tells each exactly once, batch by batch in the background', async () => {
    const maker = await creator();
    const tag = randomBytes(4).toString('hex');
    await t.db.execute(sql`
      with fans as (
        insert into users (email, username, type)
        select 'hf-' || ${tag} || '-' || i || '@example.com', 'hf_' || ${tag} || '_' || i, 'user'
        from generate_series(1, ${FOLLOWERS}) i
        returning id
      )
      insert into follows (follower_id, creator_id, created_at)
      select id, ${maker.user.id}::uuid, now() - interval '1 minute' from fans`);
    const item = await post(maker, { type: 'text', text: 'to everyone' });
    await settledFanout(item._id);
    const [counted] = rowsOf<{ counted: number; wrong: number }>(
      await t.db.execute(sql`
        select count(*) filter (where u.unread_feeds = 1)::int as counted,
          count(*) filter (where u.unread_feeds <> 1)::int as wrong
        from users u join follows f on f.follower_id = u.id where f.creator_id = ${maker.user.id}`),
    );
    expect(counted).toEqual({ counted: FOLLOWERS, wrong: 0 });
    const [told] = rowsOf<{ events: number; people: number }>(
      await t.db.execute(sql`
        select count(*)::int as events, count(distinct user_id)::int as people from user_events
        where type = 'new_feed' and payload->>'feed_id' = ${item._id}`),
    );
    expect(told).toEqual({ events: FOLLOWERS, people: FOLLOWERS });
  }, 120_000);
});
