import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { user as userSchema } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { feedPosts, subscriptions, userEvents, users } from '../../src/db/schema';
import { person } from '../helpers/chats';
import { insertSubscription } from '../helpers/subscriptions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { jpegMarkers, photo } from '../media/helpers/fixtures';
import { upload } from '../media/helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const publicFile = (url: string) =>
  readFileSync(join(t.config.dataDir, 'media', 'public', url.split('/').pop() ?? ''));

async function uploadPhoto(token: string, opts: Parameters<typeof photo>[0] = {}): Promise<string> {
  const res = await upload(t.app, token, { data: await photo(opts), name: 'me.jpg', type: 'image/jpeg' });
  expect(res.statusCode).toBe(200);
  return res.json().media_id as string;
}

describe('PATCH /v1/users/profile', () => {
  it('lets a creator set bio, prices and rate, and answers the updated user', async () => {
    const creator = await person(t, { type: 'featured' });
    const res = await creator.api.patch('/v1/users/profile', {
      bio: '  Painter and night owl  ',
      subscription_price: 250,
      credit_rate: 30,
    });
    expect(res.statusCode).toBe(200);
    const body = userSchema.parse(res.json());
    expect(body).toMatchObject({ bio: 'Painter and night owl', subscription_price: 250, credit_rate: 30 });
    expect(await userRow(creator.user.id)).toMatchObject({
      bio: 'Painter and night owl',
      subscriptionPrice: 250,
      creditRate: 30,
    });
  });

  it('refuses prices and rates from a fan with 403 and changes nothing; a fan may write a bio', async () => {
    const fan = await person(t, { type: 'user' });
    for (const patch of [{ subscription_price: 10 }, { credit_rate: 5 }, { bio: 'hi', credit_rate: 5 }]) {
      const res = await fan.api.patch('/v1/users/profile', patch);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', message: 'Forbidden' });
    }
    expect(await userRow(fan.user.id)).toMatchObject({ bio: '', subscriptionPrice: 0, creditRate: 10 });
    expect((await fan.api.patch('/v1/users/profile', { bio: 'Just here to chat' })).json().bio).toBe(
      'Just here to chat',
    );
  });

  it('refuses a bio or tag that mentions exclusive content, unless staff granted the banner', async () => {
    const creator = await person(t, { type: 'featured', bio: 'old bio' });
    const text = 'Sorry, you cannot mention exclusive content in your title/bio';
    for (const bio of [
      'EXCLUSIVE pics daily',
      'also on Only.Fans',
      'find me on fansly!',
      'exclusively yours',
    ]) {
      const res = await creator.api.patch('/v1/users/profile', { bio, credit_rate: 99 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'exclusive_content', message: text });
    }
    expect(await userRow(creator.user.id)).toMatchObject({ bio: 'old bio', creditRate: 10 });

    const tag = await creator.api.post('/v1/users/tags', { tag: 'OnlyFans' });
    expect(tag.statusCode).toBe(400);
    expect(tag.json().message).toBe(text);
    expect((await userRow(creator.user.id))?.tags).toEqual([]);
    expect((await creator.api.post('/v1/users/tags', { tag: 'inclusive' })).json().tags).toEqual([
      'inclusive',
    ]);

    const granted = await person(t, { type: 'featured', features: { exclusive_content_banner: true } });
    expect((await granted.api.patch('/v1/users/profile', { bio: 'Exclusive content' })).statusCode).toBe(200);
    expect((await granted.api.post('/v1/users/tags', { tag: 'exclusive' })).json().tags).toEqual([
      'exclusive',
    ]);
  });

  it('decodes the photo for a cover in its turn, under the media decode budget', async () => {
    const creator = await person(t, { type: 'featured' });
    const mediaId = await uploadPhoto(creator.token, { width: 1600, height: 900 });
    const budget = t.app.media.pixels;
    const run = budget.run.bind(budget);
    const asked: number[] = [];
    budget.run = (pixels, work) => {
      asked.push(pixels);
      return run(pixels, work);
    };
    try {
      const res = await creator.api.patch('/v1/users/profile', { cover_media_id: mediaId });
      expect(res.statusCode).toBe(200);
    } finally {
      budget.run = run;
    }
    expect(asked).toEqual([1600 * 900]);
  });

  it("crops the creator's own photo into a 512 x 512 avatar without metadata and posts it to the feed", async () => {
    const creator = await person(t, { type: 'featured' });
    const mediaId = await uploadPhoto(creator.token, { width: 1200, height: 800 });
    const res = await creator.api.patch('/v1/users/profile', {
      avatar_media_id: mediaId,
      avatar_crop: { x: 0.5, y: 0, width: 0.5, height: 1 },
    });
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json().avatar_url as string;
    expect(avatarUrl).toMatch(/^\/media\/public\/avatar-[0-9a-f]{20}\.jpg$/);
    const file = publicFile(avatarUrl);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(jpegMarkers(file)).not.toContain(0xe1);
    // The right half of the fixture has no blue: the crop took it.
    const { dominant } = await sharp(file).stats();
    expect(dominant.b).toBeLessThan(128);
    expect((await t.app.inject({ url: avatarUrl })).statusCode).toBe(200);

    expect(await userRow(creator.user.id)).toMatchObject({ avatarUrl });
    const posts = await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, creator.user.id));
    expect(posts).toEqual([expect.objectContaining({ type: 'avatar', audience: 'user', mediaId, price: 0 })]);
  });

  it('makes a 1500 x 500 cover, and a fan’s avatar is not a feed post', async () => {
    const fan = await person(t, { type: 'user' });
    const mediaId = await uploadPhoto(fan.token, { width: 900, height: 600 });
    const res = await fan.api.patch('/v1/users/profile', {
      cover_media_id: mediaId,
      avatar_media_id: mediaId,
    });
    expect(res.statusCode).toBe(200);
    const { cover_url: coverUrl, avatar_url: avatarUrl } = res.json();
    expect(await sharp(publicFile(coverUrl)).metadata()).toMatchObject({ width: 1500, height: 500 });
    expect(await sharp(publicFile(avatarUrl)).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, fan.user.id))).toEqual([]);
  });

  it("refuses a stranger's media, a made-up id and an empty crop, changing nothing", async () => {
    const creator = await person(t, { type: 'featured', bio: 'kept' });
    const stranger = await person(t, { type: 'featured' });
    const theirs = await uploadPhoto(stranger.token);
    const mine = await uploadPhoto(creator.token);
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await creator.api.patch('/v1/users/profile', { avatar_media_id: id, bio: 'changed' });
      expect(res.statusCode).toBe(404);
    }
    const empty = await creator.api.patch('/v1/users/profile', {
      avatar_media_id: mine,
      avatar_crop: { x: 1, y: 0, width: 0.5, height: 1 },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('body.avatar_crop: must cover part of the photo');
    expect(await userRow(creator.user.id)).toMatchObject({ bio: 'kept', avatarUrl: null });
    expect(await t.db.select().from(feedPosts).where(eq(feedPosts.creatorId, creator.user.id))).toEqual([]);
  });

  it('a price of 0 cancels every renewal; subscribers keep their paid period', async () => {
    const creator = await person(t, { type: 'featured', subscriptionPrice: 100 });
    const fan = await person(t, { type: 'user' });
    const end = new Date(Date.now() + 10 * 86_400_000);
    await insertSubscription(t, fan, creator, {
      status: 'active',
      price: 100,
      currentPeriodEnd: end,
    });
    expect((await creator.api.patch('/v1/users/profile', { subscription_price: 0 })).statusCode).toBe(200);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.creatorId, creator.user.id));
    expect(sub).toMatchObject({ status: 'canceled', currentPeriodEnd: end });
    expect(sub?.canceledAt).toBeInstanceOf(Date);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id));
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ['subscription_updated', { model_id: creator.user.id, status: 'canceled' }],
    ]);
  });

  it('needs a signed-in person', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/v1/users/profile', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('PATCH /v1/users/random_avatar', () => {
  it('draws a fresh avatar each time', async () => {
    const creator = await person(t, { type: 'featured' });
    const first = await creator.api.patch('/v1/users/random_avatar');
    const second = await creator.api.patch('/v1/users/random_avatar');
    expect(first.statusCode).toBe(200);
    const a = userSchema.parse(first.json()).avatar_url;
    const b = userSchema.parse(second.json()).avatar_url;
    expect(a).toMatch(/^\/media\/public\/avatar-[0-9a-f]{20}\.webp$/);
    expect(b).not.toBe(a);
    expect((await userRow(creator.user.id))?.avatarUrl).toBe(b);
    expect((await t.app.inject({ url: b as string })).statusCode).toBe(200);
  });
});
