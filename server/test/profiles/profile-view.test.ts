import { followResponse, profileEnvelope } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { feedPosts, follows, type UserRow, users } from '../../src/db/schema';
import { fanAndCreator, person } from '../helpers/chats';
import { insertSubscription } from '../helpers/subscriptions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../media/helpers/fixtures';
import { upload } from '../media/helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listed = { type: 'featured', discoverStatus: 'featured' } as const;
const notFound = { code: 'user_not_found', message: 'User Cannot Be Found Or Does Not Exist' };

let photos = 0;

/** A feed post; photo and video posts carry an uploaded photo (the counts read only the post's type). */
async function post(
  creator: { user: UserRow; token: string },
  type: 'text' | 'image' | 'video',
  deleted = false,
) {
  let mediaId: string | null = null;
  if (type !== 'text') {
    const data = await photo({ width: 64 + ++photos, height: 64 });
    mediaId = (await upload(t.app, creator.token, { data })).json().media_id as string;
  }
  await t.db.insert(feedPosts).values({
    creatorId: creator.user.id,
    type,
    mediaId,
    deletedAt: deleted ? new Date() : null,
  });
}

describe('GET /v1/users/:id/profile', () => {
  it('shows a listed creator with counts, follow, subscription and chat', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      creator: { ...listed, bio: 'Hello', subscriptionPrice: 300, coverUrl: '/media/public/c.jpg' },
    });
    await post(creator, 'text');
    await post(creator, 'image');
    await post(creator, 'image');
    await post(creator, 'video');
    await post(creator, 'image', true);
    const other = await person(t);
    await other.api.patch(`/v1/users/${creator.user.id}/follow`);

    const res = await fan.api.get(`/v1/users/${creator.user.id}/profile`);
    expect(res.statusCode).toBe(200);
    const { data } = profileEnvelope.parse(res.json());
    expect(data).toMatchObject({
      _id: creator.user.id,
      username: creator.user.username,
      type: 'featured',
      bio: 'Hello',
      cover_url: '/media/public/c.jpg',
      subscription_price: 300,
      credit_rate: 10,
      counts: { followers: 1, posts: 4, photos: 2, videos: 1 },
      is_followee: false,
      subscription: null,
      chat_id: chatId,
    });

    const end = new Date(Date.now() + 5 * 86_400_000);
    await insertSubscription(t, fan, creator, {
      status: 'canceled',
      price: 300,
      currentPeriodEnd: end,
    });
    await fan.api.patch(`/v1/users/${creator.user.id}/follow`);
    const again = profileEnvelope.parse((await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json());
    expect(again.data).toMatchObject({
      is_followee: true,
      counts: { followers: 2 },
      subscription: { status: 'canceled', expires_at: end.toISOString() },
    });
    // The other person has no chat and no subscription.
    expect((await other.api.get(`/v1/users/${creator.user.id}/profile`)).json().data).toMatchObject({
      chat_id: null,
      subscription: null,
      is_followee: true,
    });
  });

  it('hides an ended subscription', async () => {
    const fan = await person(t);
    const creator = await person(t, listed);
    await insertSubscription(t, fan, creator, {
      status: 'canceled',
      price: 100,
      currentPeriodEnd: new Date(Date.now() - 1000),
    });
    expect((await fan.api.get(`/v1/users/${creator.user.id}/profile`)).json().data.subscription).toBeNull();
  });

  it('answers 404 for creators no link reaches unless the viewer chats with them, and for fans and unknown ids', async () => {
    const viewer = await person(t);
    const hidden = [
      await person(t, { ...listed, invisible: true }),
      await person(t, { ...listed, bannedAt: new Date() }),
      await person(t, { ...listed, discoverStatus: 'denied' }),
      await person(t, { ...listed, requiresModeration: true }),
      await person(t, { type: 'user' }),
    ];
    for (const p of hidden) {
      const res = await viewer.api.get(`/v1/users/${p.user.id}/profile`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(notFound);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await viewer.api.get(`/v1/users/${id}/profile`)).json()).toMatchObject(notFound);
    }
    // A forced creator is listed though restricted; a hidden (not featured, not restricted) one too;
    // one kept out of discovery (`no_discover`) is still reached by link (Public pages).
    const forced = await person(t, { ...listed, discoverStatus: 'denied', forceDiscover: true });
    const everyone = await person(t, { type: 'featured', discoverStatus: 'hidden' });
    const unlisted = await person(t, { ...listed, features: { no_discover: true } });
    for (const p of [forced, everyone, unlisted]) {
      expect((await viewer.api.get(`/v1/users/${p.user.id}/profile`)).statusCode).toBe(200);
    }
    // A chat shows the creator whatever their state; the creator sees themselves.
    const { fan, creator } = await fanAndCreator(t, { creator: listed });
    await t.db
      .update(users)
      .set({ invisible: true, discoverStatus: 'denied' })
      .where(eq(users.id, creator.user.id));
    expect((await fan.api.get(`/v1/users/${creator.user.id}/profile`)).statusCode).toBe(200);
    expect((await creator.api.get(`/v1/users/${creator.user.id}/profile`)).statusCode).toBe(200);
    expect((await viewer.api.get(`/v1/users/${creator.user.id}/profile`)).statusCode).toBe(404);
  });
});

describe('following', () => {
  it('follows and unfollows idempotently, counting followers', async () => {
    const creator = await person(t, listed);
    const a = await person(t);
    const b = await person(t);
    const url = `/v1/users/${creator.user.id}/follow`;
    const first = await a.api.patch(url);
    expect(first.statusCode).toBe(200);
    expect(followResponse.parse(first.json())).toEqual({ is_followee: true, followers: 1 });
    expect((await a.api.patch(url)).json()).toEqual({ is_followee: true, followers: 1 });
    expect((await b.api.patch(url)).json()).toEqual({ is_followee: true, followers: 2 });
    expect((await a.api.delete(url)).json()).toEqual({ is_followee: false, followers: 1 });
    expect((await a.api.delete(url)).json()).toEqual({ is_followee: false, followers: 1 });
    const rows = await t.db.select().from(follows).where(eq(follows.creatorId, creator.user.id));
    expect(rows.map((r) => r.followerId)).toEqual([b.user.id]);

    // Parallel follows of one person make one row.
    const many = await Promise.all(Array.from({ length: 5 }, () => a.api.patch(url)));
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await a.api.get(`/v1/users/${creator.user.id}/profile`)).json().data.counts.followers).toBe(2);
  });

  it('refuses yourself (400), fans and hidden creators (404); a followed creator can be unfollowed after hiding', async () => {
    const creator = await person(t, listed);
    const fan = await person(t);
    const self = await creator.api.patch(`/v1/users/${creator.user.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('own_follow');
    const otherFan = await person(t);
    expect((await fan.api.patch(`/v1/users/${otherFan.user.id}/follow`)).json()).toMatchObject(notFound);
    const invisible = await person(t, { ...listed, invisible: true });
    expect((await fan.api.patch(`/v1/users/${invisible.user.id}/follow`)).statusCode).toBe(404);
    expect((await fan.api.delete(`/v1/users/${invisible.user.id}/follow`)).statusCode).toBe(404);

    await fan.api.patch(`/v1/users/${creator.user.id}/follow`);
    await t.db.insert(follows).values({ followerId: fan.user.id, creatorId: invisible.user.id });
    expect((await fan.api.delete(`/v1/users/${invisible.user.id}/follow`)).json()).toEqual({
      is_followee: false,
      followers: 0,
    });
    const left = await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, fan.user.id), eq(follows.creatorId, creator.user.id)));
    expect(left).toHaveLength(1);
  });
});
