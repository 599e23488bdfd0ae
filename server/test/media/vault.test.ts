import type { AutoMessageCategoryDto, MediaResponse, VaultItem } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { media } from '../../src/db/schema';
import { sweepMedia } from '../../src/media/sweep';
import { fanAndCreator, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { messageWithMedia } from './helpers/messages';
import { putAuto } from '../auto-messages/helpers';
import { upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sweep = (hoursLater: number) =>
  sweepMedia(
    { db: t.db, storage: t.app.media.storage, scratchDirs: [] },
    new Date(Date.now() + hoursLater * 3600_000),
  );

async function uploadMany(token: string, n: number, seed: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(t.app, token, { data: await photo({ width: 40 + seed, height: 30 + i }) });
    ids.push((res.json() as MediaResponse).media_id);
  }
  return ids;
}

describe('the vault', () => {
  it("lists the owner's media newest first, 20 a page by default, following `next`", async () => {
    const creator = await person(t, { type: 'featured' });
    const ids = await uploadMany(creator.token, 23, 1);
    const first = await creator.api.get('/v1/media');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { data: VaultItem[]; next: string };
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toMatchObject({
      _id: ids[22],
      media_id: ids[22],
      type: 'image',
      status: 'ready',
      locked: false,
    });
    expect(page1.data[0]?.th).toMatch(/^\/media\//);
    const page2 = (await creator.api.get(page1.next)).json() as { data: VaultItem[]; next: string | null };
    expect(page2.data.map((d) => d._id)).toEqual(ids.slice(0, 3).reverse());
    expect(page2.next).toBeNull();
    // The spec's client pages by offset.
    const byOffset = (await creator.api.get('/v1/media?limit=5&offset=20')).json() as { data: VaultItem[] };
    expect(byOffset.data.map((d) => d._id)).toEqual(ids.slice(0, 3).reverse());
    // Nobody else sees it.
    const other = await person(t, { type: 'featured' });
    expect((await other.api.get('/v1/media')).json()).toEqual({ data: [], next: null });
    expect((await creator.api.get('/v1/media?next=garbage')).statusCode).toBe(400);
  });

  it('narrows to what the owner sent in one chat, for members of that chat only', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const [sent, unsent] = await uploadMany(creator.token, 2, 2);
    await messageWithMedia(t, {
      chatId,
      senderId: creator.user.id,
      recipientId: fan.user.id,
      mediaId: sent as string,
    });
    const res = (await creator.api.get(`/v1/media?chat_id=${chatId}`)).json() as { data: VaultItem[] };
    expect(res.data.map((d) => d._id)).toEqual([sent]);
    expect(unsent).toBeDefined();
    const outsider = await person(t, { type: 'featured' });
    expect((await outsider.api.get(`/v1/media?chat_id=${chatId}`)).statusCode).toBe(404);
  });

  it("deletes only the caller's own media, all or nothing", async () => {
    const a = await person(t, { type: 'featured' });
    const b = await person(t, { type: 'featured' });
    const [mine] = await uploadMany(a.token, 1, 3);
    const [theirs] = await uploadMany(b.token, 1, 4);
    const mixed = await a.api.delete('/v1/media', { ids: [mine, theirs] });
    expect(mixed.statusCode).toBe(404);
    expect((await a.api.get('/v1/media')).json().data).toHaveLength(1);
    expect((await a.api.delete('/v1/media', { ids: `${mine}` })).json()).toEqual({ deleted: 1 });
    expect((await a.api.get('/v1/media')).json().data).toHaveLength(0);
    expect((await a.api.delete('/v1/media', { ids: ['nope'] })).statusCode).toBe(400);
    expect((await b.api.get('/v1/media')).json().data).toHaveLength(1);
  });

  it('erases deleted media nobody received, after a grace period, and keeps what a message carries', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const [kept, erased] = await uploadMany(creator.token, 2, 5);
    await messageWithMedia(t, {
      chatId,
      senderId: creator.user.id,
      recipientId: fan.user.id,
      mediaId: kept as string,
    });
    await creator.api.delete('/v1/media', { ids: [kept, erased] });
    await sweep(0);
    expect(await t.db.$count(media, eq(media.id, erased as string))).toBe(1);
    await sweep(2);
    expect(await t.db.$count(media, eq(media.id, erased as string))).toBe(0);
    expect(await t.db.$count(media, eq(media.id, kept as string))).toBe(1);
    expect(await t.app.media.storage.list(`m/${erased}/`)).toEqual([]);
    expect((await t.app.media.storage.list(`m/${kept}/`)).length).toBe(5);
    expect(await leftovers(t)).toEqual([]);
  });

  it('keeps deleted media an auto-message still names, which shows it as gone', async () => {
    const creator = await person(t, { type: 'featured' });
    const [named] = await uploadMany(creator.token, 1, 7);
    const put = await putAuto(t, creator, {
      category: 'welcome',
      auto_messages: [{ type: 'media', media_id: named, price: 0 }],
    });
    expect(put.statusCode).toBe(200);
    await creator.api.delete('/v1/media', { ids: [named] });
    await sweep(2);
    expect(await t.db.$count(media, eq(media.id, named as string))).toBe(1);
    const categories = (await creator.api.get('/v1/auto-messages')).json().data as AutoMessageCategoryDto[];
    expect(categories.find((c) => c.category === 'welcome')?.messages).toEqual([
      expect.objectContaining({ type: 'media', media_id: named, media: null }),
    ]);
  });
});
