import { type DiscoverCard, discoverCardsResponse } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { discoverCardVisits, feedPosts } from '../../src/db/schema';
import { person, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../media/helpers/fixtures';
import { upload } from '../media/helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listed = { type: 'featured', discoverStatus: 'featured' } as const;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
let photos = 0;

async function cards(viewer: Party): Promise<DiscoverCard[]> {
  const res = await viewer.api.get('/v1/discover/cards');
  expect(res.statusCode).toBe(200);
  return discoverCardsResponse.parse(res.json()).data;
}

async function photoPost(creator: Party, values: Partial<typeof feedPosts.$inferInsert> = {}) {
  const data = await photo({ width: 40 + ++photos, height: 40 });
  const mediaId = (await upload(t.app, creator.token, { data })).json().media_id as string;
  const [row] = await t.db
    .insert(feedPosts)
    .values({ creatorId: creator.user.id, type: 'image', mediaId, ...values })
    .returning();
  if (!row) throw new Error('post insert returned nothing');
  return row;
}

describe('GET /v1/discover/cards', () => {
  it("shows male fans featured creators they neither follow nor saw, with each one's newest public posts", async () => {
    const fan = await person(t, { type: 'user', gender: 'male' });
    const star = await person(t, { ...listed, isOnline: true });
    const second = await person(t, { ...listed, lastOnline: minutesAgo(5) });
    const followed = await person(t, { ...listed, isOnline: true });
    await person(t, { type: 'featured', discoverStatus: 'hidden', isOnline: true });
    await person(t, { ...listed, invisible: true, isOnline: true });
    await fan.api.patch(`/v1/users/${followed.user.id}/follow`);

    const oldest = await photoPost(star, { createdAt: minutesAgo(50) });
    const newer = [
      await photoPost(star, { createdAt: minutesAgo(40), text: 'sunset' }),
      await photoPost(star, { createdAt: minutesAgo(30) }),
      await photoPost(star, { createdAt: minutesAgo(20) }),
    ];
    // Not public, not free, not media, or deleted: never on a card.
    await photoPost(star, { createdAt: minutesAgo(1), audience: 'follower' });
    await photoPost(star, { createdAt: minutesAgo(2), price: 50 });
    await photoPost(star, { createdAt: minutesAgo(3), type: 'avatar' });
    await photoPost(star, { createdAt: minutesAgo(4), deletedAt: new Date() });
    await t.db.insert(feedPosts).values({ creatorId: star.user.id, type: 'text', text: 'hello' });

    const shown = await cards(fan);
    expect(shown.map((c) => c._id)).toEqual([star.user.id, second.user.id]);
    const [first, other] = shown as [DiscoverCard, DiscoverCard];
    expect(first).toMatchObject({
      type: 'featured',
      is_followee: false,
      username: star.user.username,
      next: `/v1/feed?model_id=${star.user.id}&offset=3`,
    });
    expect(first.profileFeed.map((p) => p._id)).toEqual(newer.reverse().map((p) => p.id));
    expect(first.profileFeed.map((p) => p._id)).not.toContain(oldest.id);
    const item = first.profileFeed[2];
    expect(item).toMatchObject({
      type: 'image',
      model_id: star.user.id,
      text: 'sunset',
      audience: 'user',
      price: 0,
      unlocked: true,
      unlock_by: null,
      media: { locked: false, status: 'ready', type: 'image' },
    });
    expect(item?.media?.st).toMatch(/^\/media\/.+\/st\.jpg$/);
    expect(other).toMatchObject({ profileFeed: [], next: null });
  });

  it('records a visited card so it never comes again', async () => {
    const fan = await person(t, { type: 'user', gender: 'male' });
    const before = (await cards(fan)).map((c) => c._id);
    expect(before.length).toBeGreaterThan(0);
    const [seen] = before;
    const res = await fan.api.post(`/v1/discover/cards/${seen}/visited`);
    expect(res.statusCode).toBe(204);
    expect((await fan.api.post(`/v1/discover/cards/${seen}/visited`)).statusCode).toBe(204);
    expect((await cards(fan)).map((c) => c._id)).toEqual(before.slice(1));
    const rows = await t.db
      .select()
      .from(discoverCardVisits)
      .where(eq(discoverCardVisits.userId, fan.user.id));
    expect(rows.map((r) => r.creatorId)).toEqual([seen]);
  });

  it('answers 404 when marking someone who is not a creator the viewer may see', async () => {
    const fan = await person(t, { type: 'user', gender: 'male' });
    const otherFan = await person(t, { type: 'user' });
    const invisible = await person(t, { ...listed, invisible: true });
    for (const id of [otherFan.user.id, invisible.user.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await fan.api.post(`/v1/discover/cards/${id}/visited`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('user_not_found');
    }
    expect(
      await t.db.select().from(discoverCardVisits).where(eq(discoverCardVisits.userId, fan.user.id)),
    ).toEqual([]);
  });

  it('queues at most 10 cards', async () => {
    for (let i = 0; i < 10; i++) await person(t, listed);
    expect(await cards(await person(t, { type: 'user', gender: 'male' }))).toHaveLength(10);
  });

  it('gives female and unknown-gender fans, creators and fans without the feature no cards', async () => {
    for (const values of [
      { type: 'user', gender: 'female' },
      { type: 'user', gender: null },
      { type: 'featured', gender: 'male' },
      { type: 'user', gender: 'male', features: { discover_cards: false } },
    ] as const) {
      expect(await cards(await person(t, values))).toEqual([]);
    }
    expect((await t.app.inject({ url: '/v1/discover/cards' })).statusCode).toBe(401);
  });
});
