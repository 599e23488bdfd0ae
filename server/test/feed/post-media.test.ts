import { type FeedItem, POST_MEDIA_MAX, publicCreatorEnvelope, type RenditionName } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { NOBODY } from '../../src/ids';
import { grantCredits, type Party, person } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { webMp4 } from '../media/helpers/fixtures';
import { fetchMedia, settled, upload } from '../media/helpers/upload';
import { follow, post, readyPhoto } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

let n = 0;
const creator = () => person(t, { type: 'featured', discoverStatus: 'featured', username: `multi-${++n}` });

async function readyVideo(owner: Party): Promise<string> {
  const res = await upload(t.app, owner.token, { data: webMp4() });
  const video = await settled(t.app, owner.token, (res.json() as { media_id: string }).media_id);
  if (video.status !== 'ready') throw new Error(`video not ready: ${video.status}`);
  return video.media_id;
}

const photos = async (owner: Party, count: number) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await readyPhoto(t, owner)).media_id);
  return ids;
};

const fullRenditions = (kind: 'image' | 'video'): RenditionName[] =>
  kind === 'video' ? ['th', 'st', 'rt', 'sr', 'mp4'] : ['th', 'st', 'rt', 'sr'];

async function codeOf(mediaId: string, name: RenditionName, viewerId: string): Promise<number> {
  return (await fetchMedia(t.app, t.app.media.signer.url(mediaId, name, viewerId))).statusCode;
}

describe('POST /v1/feed with several photos and videos', () => {
  it(`refuses more than ${POST_MEDIA_MAX} items, the same item twice, someone else's or the wrong kind first`, async () => {
    const maker = await creator();
    const other = await creator();
    const [a, b] = await photos(maker, 2);
    const theirs = (await readyPhoto(t, other)).media_id;
    const send = (body: Record<string, unknown>) =>
      maker.api.post('/v1/feed', { send_id: randomUUID(), type: 'image', ...body });

    const tooMany = await send({ media_ids: Array.from({ length: POST_MEDIA_MAX + 1 }, () => a) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation' });
    expect((await send({ media_ids: [a, b, a] })).json()).toEqual({
      code: 'media_repeated',
      message: 'The same photo or video is attached twice.',
    });
    expect((await send({ media_ids: [a, theirs] })).json()).toMatchObject({ code: 'media_not_usable' });
    expect((await send({ type: 'video', media_ids: [a, b] })).json()).toMatchObject({ code: 'media_kind' });
    expect((await send({ media_id: a, media_ids: [a, b] })).statusCode).toBe(400);
    // Nothing was posted by any refusal.
    const feed = await maker.api.get(`/v1/feed?model_id=${maker.user.id}`);
    expect(feed.json().data).toEqual([]);
  });

  it('keeps the items in order, and a retry with the same send id answers the same post', async () => {
    const maker = await creator();
    const ids = await photos(maker, 3);
    const sendId = randomUUID();
    const body = { type: 'image', media_ids: ids, text: 'three', send_id: sendId };
    const first = await maker.api.post('/v1/feed', body);
    const again = await maker.api.post('/v1/feed', body);
    expect(again.json().data._id).toBe(first.json().data._id);
    const reordered = await maker.api.post('/v1/feed', { ...body, media_ids: [ids[1], ids[0], ids[2]] });
    expect(reordered.json()).toMatchObject({ code: 'send_id_reused' });
    const item = first.json().data as FeedItem;
    expect(item.media_items?.map((m) => m.media_id)).toEqual(ids);
    expect(item.media_count).toEqual({ images: 3, videos: 0 });
    expect(item.media?.media_id).toBe(ids[0]);
  });
});

describe('a paid post of photos and a video', () => {
  let maker: Party;
  let fan: Party;
  let items: { id: string; kind: 'image' | 'video' }[];
  let postId: string;
  beforeAll(async () => {
    maker = await creator();
    fan = await person(t, { type: 'user' });
    await follow(t, fan, maker);
    const [p1, p2] = await photos(maker, 2);
    const video = await readyVideo(maker);
    items = [
      { id: p1 ?? '', kind: 'image' },
      { id: video, kind: 'video' },
      { id: p2 ?? '', kind: 'image' },
    ];
    postId = (
      await post(maker, {
        type: 'image',
        media_ids: items.map((i) => i.id),
        text: 'Tour photos\nand a clip',
        price: 40,
      })
    )._id;
  }, 120_000);

  it('shows an unpaid fan the count and the blurred cover only, and serves no full rendition of any item', async () => {
    const item = (await fan.api.get(`/v1/feed/${postId}`)).json().data as FeedItem;
    expect(item).toMatchObject({ unlocked: false, unlock_by: 'buy', media_count: { images: 2, videos: 1 } });
    expect(item.media_items).toBeUndefined();
    expect(item.media).toMatchObject({ media_id: items[0]?.id, locked: true, video_url: null });
    for (const { id, kind } of items) {
      for (const name of fullRenditions(kind)) {
        expect({ id, name, code: await codeOf(id, name, fan.user.id) }).toEqual({ id, name, code: 404 });
      }
    }
    // Only the cover has a blurred preview, as any locked post has; the other items have none.
    expect(await codeOf(items[0]?.id ?? '', 'bl', fan.user.id)).toBe(200);
    for (const { id } of items.slice(1)) expect(await codeOf(id, 'bl', fan.user.id)).toBe(404);
  });

  it('serves no rendition of any item to a visitor who is not signed in, blurred ones included', async () => {
    for (const { id, kind } of items) {
      for (const name of [...fullRenditions(kind), 'bl'] as RenditionName[]) {
        expect({ id, name, code: await codeOf(id, name, NOBODY) }).toEqual({ id, name, code: 404 });
      }
    }
    const page = await t.app.inject({ url: `/v1/public/creators/${maker.user.username}` });
    const shown = publicCreatorEnvelope.parse(page.json()).data.posts.find((p) => p._id === postId);
    expect(shown).toMatchObject({ unlocked: false, media: null, media_count: { images: 2, videos: 1 } });
    expect(shown?.media_items).toBeUndefined();
    for (const { id } of items) expect(page.body).not.toContain(id);
  });

  it('unlocks every item with one purchase', async () => {
    await grantCredits(t.db, fan.user.id, 40);
    const bought = await fan.api.patch(`/v1/feed/${postId}/buy`);
    expect(bought.statusCode).toBe(200);
    const item = bought.json().data as FeedItem;
    expect(item.unlocked).toBe(true);
    expect(item.media_items?.map((m) => [m.media_id, m.locked])).toEqual(items.map((i) => [i.id, false]));
    for (const { id, kind } of items) {
      for (const name of fullRenditions(kind)) {
        expect({ id, name, code: await codeOf(id, name, fan.user.id) }).toEqual({ id, name, code: 200 });
      }
    }
    expect((await fetchMedia(t.app, item.media_items?.[1]?.video_url ?? '')).statusCode).toBe(200);
    // A second purchase is refused: all of it was bought at once.
    expect((await fan.api.patch(`/v1/feed/${postId}/buy`)).json()).toMatchObject({
      code: 'already_unlocked',
    });
  });
});
