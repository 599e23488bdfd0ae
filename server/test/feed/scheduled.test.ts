import { type FeedItem, SCHEDULE_DAYS_MAX } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { feedFanouts, feedPosts, notifications, userEvents } from '../../src/db/schema';
import { runFanout } from '../../src/feed/fanout';
import { publishDuePosts } from '../../src/feed/schedule';
import { grantCredits, type Party, person } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { follow, post, subscribe } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

let n = 0;
const creator = () => person(t, { type: 'featured', discoverStatus: 'featured', username: `sched-${++n}` });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The post's time has come: as the clock would make it, without waiting for it. */
const makeDue = (postId: string) =>
  t.db
    .update(feedPosts)
    .set({ scheduledFor: sql`now() - interval '1 second'` })
    .where(eq(feedPosts.id, postId));

const ids = (res: { json(): unknown }) => ((res.json() as { data: FeedItem[] }).data ?? []).map((p) => p._id);

async function eventsOf(p: Party, type: string) {
  return t.db
    .select({ payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, p.user.id), eq(userEvents.type, type)));
}

describe('POST /v1/feed with publish_at', () => {
  it('refuses a time in the past or more than 90 days ahead, and posts nothing', async () => {
    const maker = await creator();
    const send = (publish_at: string) =>
      maker.api.post('/v1/feed', { send_id: randomUUID(), type: 'text', text: 'later', publish_at });
    expect((await send(inMinutes(-1))).json()).toEqual({
      code: 'schedule_in_past',
      message: 'Choose a time in the future to publish this post.',
    });
    const far = await send(inMinutes((SCHEDULE_DAYS_MAX + 1) * 24 * 60));
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({
      code: 'schedule_too_far',
      message: 'A post can be scheduled at most 90 days ahead.',
    });
    expect((await send('tomorrow')).json()).toMatchObject({ code: 'validation' });
    expect(await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, maker.user.id))).toEqual([]);
    // An offset is taken as the creator's local time and kept in UTC.
    const local = await send('2099-01-01T10:00:00+02:00');
    expect(local.json()).toMatchObject({ code: 'schedule_too_far' });
  });
});

describe('a scheduled post', () => {
  let maker: Party;
  let follower: Party;
  let subscriber: Party;
  let item: FeedItem;
  beforeAll(async () => {
    maker = await creator();
    follower = await person(t, { type: 'user' });
    subscriber = await person(t, { type: 'user' });
    await follow(t, follower, maker);
    await subscribe(t, subscriber, maker);
    item = await post(maker, { type: 'text', text: 'Coming soon', price: 10, publish_at: inMinutes(30) });
  });

  it('is seen by its creator only, in the Scheduled list, until it is published', async () => {
    expect(item.scheduled_for).toBeDefined();
    const list = await maker.api.get('/v1/feed/scheduled');
    expect(list.json().data).toMatchObject([
      { _id: item._id, text: 'Coming soon', scheduled_for: item.scheduled_for },
    ]);
    expect(ids(await maker.api.get(`/v1/feed?model_id=${maker.user.id}`))).not.toContain(item._id);

    for (const viewer of [follower, subscriber]) {
      expect(ids(await viewer.api.get('/v1/feed'))).not.toContain(item._id);
      expect(ids(await viewer.api.get(`/v1/feed?model_id=${maker.user.id}`))).not.toContain(item._id);
      expect((await viewer.api.get(`/v1/feed/${item._id}`)).statusCode).toBe(404);
      expect((await viewer.api.get('/v1/feed/scheduled')).json()).toEqual({ data: [] });
    }
    await grantCredits(t.db, subscriber.user.id, 100);
    expect((await subscriber.api.patch(`/v1/feed/${item._id}/buy`)).statusCode).toBe(404);
    const tip = await subscriber.api.post(`/v1/feed/${item._id}/tip`, { amount: 10, send_id: randomUUID() });
    expect(tip.statusCode).toBe(404);

    const page = await t.app.inject({ url: `/v1/public/creators/${maker.user.username}` });
    expect(page.json().data.posts).toEqual([]);
    expect(page.json().data.counts.posts).toBe(0);
    expect(page.body).not.toContain(item._id);
    const profile = await follower.api.get(`/v1/users/${maker.user.id}`);
    expect(JSON.stringify(profile.json())).not.toContain(item._id);

    expect(await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, item._id))).toEqual([]);
    expect(await eventsOf(follower, 'new_feed')).toEqual([]);
  });

  it('lets only its creator change its time, and not to the past', async () => {
    const later = inMinutes(60);
    const moved = await maker.api.patch(`/v1/feed/${item._id}`, { publish_at: later });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.scheduled_for).toBe(later);
    expect(
      (await maker.api.patch(`/v1/feed/${item._id}`, { publish_at: inMinutes(-5) })).json(),
    ).toMatchObject({
      code: 'schedule_in_past',
    });
    expect((await follower.api.patch(`/v1/feed/${item._id}`, { publish_at: later })).statusCode).toBe(404);
    expect((await follower.api.post(`/v1/feed/${item._id}/publish`)).statusCode).toBe(404);
  });

  it('is published exactly once by many sweeps on two instances at the same time, then reaches followers', async () => {
    await makeDue(item._id);
    const first = { db: t.db, jobs: t.app.jobs, realtime: t.app.realtime };
    const second = { db: t.db, jobs: t.app.jobs, realtime: t.app.realtime };
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publishDuePosts(i % 2 === 0 ? first : second)),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const fanouts = await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, item._id));
    expect(fanouts).toHaveLength(1);
    // The creator's own tabs hear it once, to move it from the Scheduled list to the feed.
    expect((await eventsOf(maker, 'new_feed')).map((e) => e.payload)).toEqual([
      { model_id: maker.user.id, feed_id: item._id },
    ]);
    await runFanout(t.app, item._id);

    expect(ids(await follower.api.get('/v1/feed'))).toContain(item._id);
    expect((await maker.api.get('/v1/feed/scheduled')).json()).toEqual({ data: [] });
    expect((await maker.api.post(`/v1/feed/${item._id}/publish`)).json()).toEqual({
      code: 'post_not_scheduled',
      message: 'This post is already published.',
    });
    expect((await maker.api.patch(`/v1/feed/${item._id}`, { publish_at: inMinutes(5) })).statusCode).toBe(
      409,
    );
    for (const fan of [follower, subscriber]) {
      expect((await eventsOf(fan, 'new_feed')).map((e) => e.payload)).toMatchObject([{ feed_id: item._id }]);
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'new_post')));
      expect(told).toHaveLength(1);
    }
    const page = await t.app.inject({ url: `/v1/public/creators/${maker.user.username}` });
    expect(page.json().data.counts.posts).toBe(1);
  });

  it('can be published now by its creator, once out of 50 concurrent tries', async () => {
    const now = await post(maker, { type: 'text', text: 'Now instead', publish_at: inMinutes(20) });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => maker.api.post(`/v1/feed/${now._id}/publish`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const published = answers.find((a) => a.statusCode === 200)?.json().data as FeedItem;
    expect(published.scheduled_for).toBeUndefined();
    expect(await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, now._id))).toHaveLength(1);
    expect(await publishDuePosts({ db: t.db, jobs: t.app.jobs, realtime: t.app.realtime })).toBe(0);
  });

  it('can be deleted before it comes out, and then never does', async () => {
    const gone = await post(maker, { type: 'text', text: 'Never mind', publish_at: inMinutes(10) });
    expect((await maker.api.delete(`/v1/feed/${gone._id}`)).statusCode).toBe(204);
    await makeDue(gone._id);
    expect(await publishDuePosts({ db: t.db, jobs: t.app.jobs, realtime: t.app.realtime })).toBe(0);
    expect((await maker.api.get('/v1/feed/scheduled')).json()).toEqual({ data: [] });
  });
});
