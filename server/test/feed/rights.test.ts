import type { Audience, FeedItem } from '@cove/contracts';
import { grantCredits, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { webMp4 } from '../media/helpers/fixtures';
import { fetchMedia, settled, upload } from '../media/helpers/upload';
import { feedWorld, post, readyPhoto } from './world';

let t: TestApp;
let world: Awaited<ReturnType<typeof feedWorld>>;
const posts = new Map<string, { audience: Audience; paid: boolean; mediaId: string }>();
const audiences: Audience[] = ['user', 'follower', 'subscriber', 'fan'];

beforeAll(async () => {
  t = await createTestApp();
  world = await feedWorld(t);
  for (const audience of audiences) {
    for (const paid of [false, true]) {
      const media = await readyPhoto(t, world.creator);
      const item = await post(world.creator, {
        type: 'image',
        media_id: media.media_id,
        text: `${audience} ${paid ? 'paid' : 'free'}`,
        audience,
        price: paid ? 30 : 0,
      });
      posts.set(item._id, { audience, paid, mediaId: media.media_id });
    }
  }
}, 120_000);
afterAll(() => t.close(), 30_000);

type Viewer = 'creator' | 'stranger' | 'follower' | 'subscriber' | 'fan';
/** Whom each audience takes in, besides the creator (docs/rules.md, "Feed audience"). */
const inAudience: Record<Viewer, Audience[]> = {
  creator: audiences,
  stranger: ['user'],
  follower: ['user', 'follower'],
  // A subscription is both access and a payment to the creator.
  subscriber: ['user', 'follower', 'subscriber', 'fan'],
  fan: ['user', 'fan'],
};
const missing = { user: null, follower: 'follow', subscriber: 'subscribe', fan: 'fan' } as const;

function expected(viewer: Viewer, audience: Audience, paid: boolean) {
  const inside = inAudience[viewer].includes(audience);
  const unlocked = viewer === 'creator' || (inside && !paid);
  return { unlocked, unlock_by: unlocked ? null : inside ? 'buy' : missing[audience] };
}

async function profileFeed(viewer: Party): Promise<FeedItem[]> {
  const res = await viewer.api.get(`/v1/feed?model_id=${world.creator.user.id}&limit=50`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: FeedItem[] }).data;
}

describe.each<Viewer>(['creator', 'stranger', 'follower', 'subscriber', 'fan'])('as the %s', (viewer) => {
  it('sees each post locked or open as its audience and price say, and media files follow', async () => {
    const party = world[viewer];
    const items = await profileFeed(party);
    expect(items).toHaveLength(posts.size);
    for (const item of items) {
      const { audience, paid, mediaId } = posts.get(item._id) ?? {
        audience: 'user',
        paid: false,
        mediaId: '',
      };
      const want = expected(viewer, audience, paid);
      expect({ post: `${audience} ${paid}`, unlocked: item.unlocked, unlock_by: item.unlock_by }).toEqual({
        post: `${audience} ${paid}`,
        ...want,
      });
      expect(item.text).toBe(want.unlocked ? `${audience} ${paid ? 'paid' : 'free'}` : '');
      expect(item.price).toBe(paid ? 30 : 0);
      expect(item.media?.locked).toBe(!want.unlocked);

      // The full rendition as the creator's own answer signs it (an entitled viewer's URL), and the
      // same rendition signed for this viewer: the media route serves it only to the entitled.
      const creatorsUrl = t.app.media.signer.url(mediaId, 'st', world.creator.user.id);
      expect((await fetchMedia(t.app, creatorsUrl)).statusCode).toBe(200);
      const mine = t.app.media.signer.url(mediaId, 'st', party.user.id);
      expect((await fetchMedia(t.app, mine)).statusCode).toBe(want.unlocked ? 200 : 404);
      if (want.unlocked) {
        expect((await fetchMedia(t.app, item.media?.st as string)).statusCode).toBe(200);
      } else {
        // Locked: only the blurred preview is described, and it is served.
        expect(item.media?.st).toMatch(/\/bl\.jpg$/);
        expect(item.media?.video_url).toBeNull();
        expect((await fetchMedia(t.app, item.media?.st as string)).statusCode).toBe(200);
      }
    }
  });
});

it('opens a paid post and its media file to a buyer in the audience, and not to others', async () => {
  const found = [...posts].find(([, p]) => p.audience === 'follower' && p.paid);
  if (!found) throw new Error('no paid follower post');
  const [postId, { mediaId }] = found;
  const full = t.app.media.signer.url(mediaId, 'st', world.follower.user.id);
  expect((await fetchMedia(t.app, full)).statusCode).toBe(404);
  await grantCredits(t.db, world.follower.user.id, 30);
  const bought = await world.follower.api.patch(`/v1/feed/${postId}/buy`);
  expect(bought.statusCode).toBe(200);
  expect(bought.json()).toMatchObject({
    data: { unlocked: true, unlock_by: null, text: 'follower paid' },
    credits: 0,
  });
  expect((await fetchMedia(t.app, full)).statusCode).toBe(200);
  // The stranger, outside the audience, is told what is missing and charged nothing.
  const refused = await world.stranger.api.patch(`/v1/feed/${postId}/buy`);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({
    code: 'audience_required',
    message: 'Follow this creator to unlock this post.',
  });
  const strangers = t.app.media.signer.url(mediaId, 'st', world.stranger.user.id);
  expect((await fetchMedia(t.app, strangers)).statusCode).toBe(404);
});

it('keeps a deleted post out of the feed and its media from everyone but the creator', async () => {
  const media = await readyPhoto(t, world.creator);
  const item = await post(world.creator, { type: 'image', media_id: media.media_id, audience: 'user' });
  const url = t.app.media.signer.url(media.media_id, 'st', world.stranger.user.id);
  expect((await fetchMedia(t.app, url)).statusCode).toBe(200);
  expect((await world.creator.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(204);
  expect((await fetchMedia(t.app, url)).statusCode).toBe(404);
  expect((await profileFeed(world.stranger)).map((i) => i._id)).not.toContain(item._id);
  const own = t.app.media.signer.url(media.media_id, 'st', world.creator.user.id);
  expect((await fetchMedia(t.app, own)).statusCode).toBe(200);
});

it('serves a paid video post in full only after the subscriber bought it', async () => {
  const res = await upload(t.app, world.creator.token, { data: webMp4() });
  const video = await settled(t.app, world.creator.token, (res.json() as { media_id: string }).media_id);
  expect(video.status).toBe('ready');
  const item = await post(world.creator, {
    type: 'video',
    media_id: video.media_id,
    audience: 'subscriber',
    price: 5,
  });
  const before = (await profileFeed(world.subscriber)).find((i) => i._id === item._id);
  expect(before).toMatchObject({
    unlocked: false,
    unlock_by: 'buy',
    media: { locked: true, video_url: null },
  });
  const forged = t.app.media.signer.url(video.media_id, 'mp4', world.subscriber.user.id);
  expect((await fetchMedia(t.app, forged)).statusCode).toBe(404);

  await grantCredits(t.db, world.subscriber.user.id, 5);
  const bought = await world.subscriber.api.patch(`/v1/feed/${item._id}/buy`);
  expect(bought.statusCode).toBe(200);
  const after = (bought.json() as { data: FeedItem }).data;
  expect(after.media?.locked).toBe(false);
  expect((await fetchMedia(t.app, after.media?.video_url as string)).statusCode).toBe(200);
  expect((await fetchMedia(t.app, forged)).statusCode).toBe(200);
}, 60_000);
