import type { FeedItem } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { feedFanouts, feedPosts, subscriptions, userEvents } from '../../src/db/schema';
import { person } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { eventually } from '../helpers/payments';
import { follow, post, readyPhoto, subscribe } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const creator = () => person(t, { type: 'featured' });

describe('POST /v1/feed', () => {
  it('makes one post per send id, and refuses the id for a different post', async () => {
    const maker = await creator();
    const body = { type: 'text', text: 'hello', send_id: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => maker.api.post('/v1/feed', body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => (a.json() as { data: FeedItem }).data._id));
    expect(ids.size).toBe(1);
    expect(answers[0]?.json().data).toMatchObject({
      type: 'text',
      text: 'hello',
      model_id: maker.user.id,
      username: maker.user.username,
      audience: 'user',
      price: 0,
      unlocked: true,
      unlock_by: null,
      media: null,
    });
    const rows = await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, maker.user.id));
    expect(rows).toHaveLength(1);
    const reused = await maker.api.post('/v1/feed', { ...body, text: 'other' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('send_id_reused');
  });

  it('is for creators only', async () => {
    const fan = await person(t, { type: 'user' });
    const res = await fan.api.post('/v1/feed', { type: 'text', text: 'hi', send_id: randomUUID() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Forbidden' });
    expect(await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, fan.user.id))).toEqual([]);
  });

  it("needs the creator's own ready media of the post's kind", async () => {
    const maker = await creator();
    const other = await creator();
    const mine = await readyPhoto(t, maker);
    const theirs = await readyPhoto(t, other);
    const send = (body: object) => maker.api.post('/v1/feed', { send_id: randomUUID(), ...body });
    expect((await send({ type: 'image' })).json().code).toBe('media_required');
    expect((await send({ type: 'image', media_id: theirs.media_id })).json().code).toBe('media_not_usable');
    expect((await send({ type: 'video', media_id: mine.media_id })).json()).toEqual({
      code: 'media_kind',
      message: 'This file is not a video.',
    });
    expect((await send({ type: 'text', text: '' })).json().code).toBe('empty_text');
    const ok = await send({ type: 'image', media_id: mine.media_id, price: 15, audience: 'fan' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 'image', price: 15, audience: 'fan', unlocked: true });
    expect(ok.json().data.media).toMatchObject({ media_id: mine.media_id, locked: false });
  });

  it('tells followers and subscribers, once each, and no one else', async () => {
    const maker = await creator();
    const follower = await person(t, { type: 'user' });
    const both = await person(t, { type: 'user' });
    const ended = await person(t, { type: 'user' });
    const stranger = await person(t, { type: 'user' });
    await follow(t, follower, maker);
    await follow(t, both, maker);
    await subscribe(t, both, maker);
    await subscribe(t, ended, maker, 'canceled', -1);
    const item = await post(maker, { type: 'text', text: 'news' });
    // The job that tells them runs after the answer (src/feed/fanout.ts).
    await eventually(
      () => t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, item._id)),
      ([row]) => row?.state === 'added',
    );
    const events = await t.db
      .select({ userId: userEvents.userId, payload: userEvents.payload })
      .from(userEvents)
      .where(eq(userEvents.type, 'new_feed'));
    const mine = events.filter((e) => (e.payload as { feed_id: string }).feed_id === item._id);
    expect(mine.map((e) => e.userId).sort()).toEqual([follower.user.id, both.user.id].sort());
    expect(mine[0]?.payload).toEqual({ model_id: maker.user.id, feed_id: item._id, unread_feeds: 1 });
    expect(events.some((e) => [stranger.user.id, ended.user.id].includes(e.userId))).toBe(false);
  });
});

describe('PATCH and DELETE /v1/feed/:id', () => {
  it('lets the owner change a post and answers 404 to anyone else', async () => {
    const maker = await creator();
    const other = await creator();
    const item = await post(maker, { type: 'text', text: 'draft' });
    const theirs = await other.api.patch(`/v1/feed/${item._id}`, { text: 'hijack' });
    expect(theirs.statusCode).toBe(404);
    expect((await other.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(404);
    const res = await maker.api.patch(`/v1/feed/${item._id}`, {
      text: 'final',
      price: 12,
      audience: 'follower',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ text: 'final', price: 12, audience: 'follower', unlocked: true });
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, item._id));
    expect(row).toMatchObject({ text: 'final', price: 12, audience: 'follower', deletedAt: null });
  });

  it('limits a creator with subscribers to 3 deletions in 30 days, with the spec’s two texts', async () => {
    const maker = await creator();
    const fan = await person(t, { type: 'user' });
    const items = await Promise.all([1, 2, 3, 4, 5].map((i) => post(maker, { type: 'text', text: `p${i}` })));
    // Without subscribers, deleting is free.
    const old = items.pop() as FeedItem;
    expect((await maker.api.delete(`/v1/feed/${old._id}`)).statusCode).toBe(204);
    // That deletion was 31 days ago; it no longer counts.
    await t.db
      .update(feedPosts)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(feedPosts.id, old._id));

    await subscribe(t, fan, maker);
    for (const item of items.slice(0, 3))
      expect((await maker.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(204);
    const last = items[3] as FeedItem;
    const renewing = await maker.api.delete(`/v1/feed/${last._id}`);
    expect(renewing.statusCode).toBe(403);
    expect(renewing.json()).toEqual({
      code: 'delete_limit_renewing',
      message: 'You cannot delete any more content until you cancel your subscriptions.',
    });
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(and(eq(subscriptions.creatorId, maker.user.id)));
    const ending = await maker.api.delete(`/v1/feed/${last._id}`);
    expect(ending.statusCode).toBe(403);
    expect(ending.json()).toEqual({
      code: 'delete_limit_ending',
      message: 'You cannot delete any more content until your active subscriptions have ended.',
    });
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, last._id));
    expect(row?.deletedAt).toBeNull();
    // Once the paid period is over, nothing holds the creator back.
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.creatorId, maker.user.id));
    expect((await maker.api.delete(`/v1/feed/${last._id}`)).statusCode).toBe(204);
    expect((await maker.api.delete(`/v1/feed/${last._id}`)).statusCode).toBe(404);
  });
});

describe('GET /v1/feed', () => {
  it("pages the posts of creators one follows or subscribes to, and one creator's photos", async () => {
    const followed = await creator();
    const subscribed = await creator();
    const unrelated = await creator();
    const viewer = await person(t, { type: 'user' });
    await follow(t, viewer, followed);
    await subscribe(t, viewer, subscribed);
    const photo = await readyPhoto(t, followed);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await post(followed, { type: 'text', text: `f${i}` }))._id);
      made.push((await post(subscribed, { type: 'text', text: `s${i}` }))._id);
      await post(unrelated, { type: 'text', text: `u${i}` });
    }
    made.push((await post(followed, { type: 'image', media_id: photo.media_id }))._id);

    const seen: string[] = [];
    let next: string | null = '/v1/feed?limit=3';
    while (next) {
      const res = await viewer.api.get(next);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: FeedItem[]; next: string | null; is_subscribed: boolean };
      expect(page.is_subscribed).toBe(false);
      seen.push(...page.data.map((i) => i._id));
      next = page.next;
    }
    expect(seen).toEqual([...made].reverse());

    const photos = await viewer.api.get(`/v1/feed?model_id=${followed.user.id}&media=image`);
    expect(photos.json()).toEqual({
      data: [expect.objectContaining({ type: 'image', unlocked: true })],
      next: null,
      is_subscribed: false,
    });
    expect((await viewer.api.get(`/v1/feed?model_id=${subscribed.user.id}&media=video`)).json()).toEqual({
      data: [],
      next: null,
      is_subscribed: true,
    });
    expect((await viewer.api.get(`/v1/feed?model_id=${viewer.user.id}`)).statusCode).toBe(404);
    expect((await viewer.api.get('/v1/feed?model_id=nope')).statusCode).toBe(400);
  });
});
