import type { Message } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { media } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { creditsOf } from '../../src/ledger/ledger';
import { bundleBody, sendBundle, vaultMedia } from '../helpers/bundles';
import { fanAndCreator, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fetchMedia } from '../media/helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Full renditions of a media signed for a viewer, as a client could forge their names. */
const fullUrls = (mediaId: string, viewerId: string, kind: 'image' | 'video') =>
  (kind === 'video' ? (['st', 'mp4'] as const) : (['th', 'st'] as const)).map((name) =>
    t.app.media.signer.url(mediaId, name, viewerId),
  );
const statuses = async (urls: string[]) =>
  Promise.all(urls.map(async (u) => (await fetchMedia(t.app, u)).statusCode));

async function fanView(fan: { api: { get(u: string): Promise<{ json(): unknown }> } }, id: string) {
  const body = (await fan.api.get(`/v1/messages?ids=${id}`)).json() as { data: Message[] };
  const message = body.data[0];
  if (!message) throw new Error(`message ${id} not visible`);
  return message;
}

describe('a bundle sent in a chat', () => {
  it('shows its text and contents before purchase, keeps locked items unreachable by URL, and one purchase opens all', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 1_000 });
    const items = await vaultMedia(t, creator, { photos: 3, videos: 1 });
    const sent = await sendBundle(
      creator,
      bundleBody(fan.user.id, items, { price: 150, text: '3 pics + 1 video', preview: 1, chat_id: chatId }),
    );
    // Old clients read the first item through the single-media fields.
    expect(sent).toMatchObject({ type: 'image', media_id: items[0]?.media_id, price: 150 });
    expect(sent.media_items?.map((i) => i.media?.locked)).toEqual([false, false, false, false]);

    const locked = await fanView(fan, sent._id);
    expect(locked.text).toBe('3 pics + 1 video');
    expect(locked.media_items?.map((i) => [i.type, i.preview, i.media?.locked])).toEqual([
      ['image', false, true],
      ['image', true, false],
      ['image', false, true],
      ['video', false, true],
    ]);
    expect(locked.media_items?.[3]?.video_length).toBeGreaterThan(0);
    expect(locked.media_items?.[3]?.media?.video_url).toBeNull();
    expect(locked.media).toMatchObject({ media_id: items[0]?.media_id, locked: true });

    // Every locked item's full renditions answer 404 to the fan; the preview's answer 200.
    for (const [i, item] of items.entries()) {
      const codes = await statuses(fullUrls(item.media_id, fan.user.id, item.media.type));
      expect([i, codes]).toEqual([i, i === 1 ? [200, 200] : [404, 404]]);
      const byPublic = await fan.api.get(`/v1/users/images/public_id/${item.public_id}`);
      expect(byPublic.json()).toMatchObject({ media: { locked: i !== 1 } });
    }
    // A stranger sees nothing of any item.
    const stranger = await person(t, { type: 'user' });
    for (const item of items)
      expect(await statuses(fullUrls(item.media_id, stranger.user.id, item.media.type))).toEqual([404, 404]);

    const bought = await fan.api.patch(`/v1/messages/${sent._id}/buy`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().credits).toBe(850);
    const open = bought.json().data as Message;
    expect(open.media_items?.map((i) => i.media?.locked)).toEqual([false, false, false, false]);
    expect(open.media_items?.[3]?.media?.video_url).toMatch(/mp4/);
    for (const item of items)
      expect(await statuses(fullUrls(item.media_id, fan.user.id, item.media.type))).toEqual([200, 200]);

    // A second purchase is refused and charges nothing.
    const again = await fan.api.patch(`/v1/messages/${sent._id}/buy`);
    expect(again.statusCode).toBe(409);
    expect(await creditsOf(t.db, fan.user.id)).toBe(850);

    // The creator's share (120 of 150) is attributed to the three locked items: 40 each, the preview 0.
    const earned = rowsOf<{ media_id: string; earned: number }>(
      await t.db.execute(
        sql`select media_id, earned from purchase_items where message_id = ${Number(sent._id)}`,
      ),
    );
    const byItem = new Map(earned.map((r) => [r.media_id, r.earned]));
    expect(items.map((i) => byItem.get(i.media_id))).toEqual([40, 0, 40, 40]);
    // The vault shows each item's earnings and sales; the chat filter finds every item sent there.
    const vault = (await creator.api.get(`/v1/media?limit=10&chat_id=${chatId}`)).json() as {
      data: { _id: string; earned: number; sales: number }[];
    };
    const shown = new Map(vault.data.map((v) => [v._id, [v.earned, v.sales]]));
    expect(items.map((i) => shown.get(i.media_id))).toEqual([
      [40, 1],
      [0, 1],
      [40, 1],
      [40, 1],
    ]);
  });

  it('stays open to its buyer after its items are deleted from the vault', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const items = await vaultMedia(t, creator, { photos: 2 });
    const sent = await sendBundle(creator, bundleBody(fan.user.id, items, { price: 50, chat_id: chatId }));
    expect((await fan.api.patch(`/v1/messages/${sent._id}/buy`)).statusCode).toBe(200);
    const deleted = await creator.api.delete('/v1/media', { ids: items.map((i) => i.media_id).join(',') });
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await t.db
          .select()
          .from(media)
          .where(eq(media.id, items[1]?.media_id ?? ''))
      ).at(0)?.deletedAt,
    ).not.toBeNull();
    const view = await fanView(fan, sent._id);
    expect(view.media_items?.map((i) => i.media?.locked)).toEqual([false, false]);
    for (const item of items)
      expect(await statuses(fullUrls(item.media_id, fan.user.id, 'image'))).toEqual([200, 200]);
  });

  it('refuses bundles it cannot sell, and changes nothing', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const items = await vaultMedia(t, creator, { photos: 3 });
    const other = await person(t, { type: 'featured' });
    const [theirs] = await vaultMedia(t, other, { photos: 1 });
    const send = (body: object) => creator.api.post('/v1/messages', body);
    const base = { price: 30, chat_id: chatId };
    const cases: [object, number, string][] = [
      [
        {
          ...bundleBody(fan.user.id, items, base),
          media_items: Array(11).fill({ media_id: items[0]?.media_id }),
        },
        400,
        'validation',
      ],
      [
        {
          ...bundleBody(fan.user.id, items, base),
          media_items: [items[0], items[0]].map((i) => ({ media_id: i?.media_id })),
        },
        400,
        'validation',
      ],
      [bundleBody(fan.user.id, items, { chat_id: chatId, preview: 0 }), 400, 'validation'],
      [
        {
          ...bundleBody(fan.user.id, items, base),
          media_items: items.map((i) => ({ media_id: i.media_id, preview: true })),
        },
        400,
        'validation',
      ],
      [
        bundleBody(fan.user.id, theirs ? [items[0], theirs].flatMap((i) => (i ? [i] : [])) : [], base),
        400,
        'media_not_usable',
      ],
      [
        {
          ...bundleBody(fan.user.id, items, base),
          media_items: [{ media_id: 'nope' }, { media_id: 'nada' }],
        },
        400,
        'media_not_usable',
      ],
      [{ ...bundleBody(fan.user.id, items, base), type: 'text', text: 'hi' }, 400, 'validation'],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(body);
      expect([res.statusCode, res.json().code ?? res.json().error]).toEqual([status, code]);
    }
    const count = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from messages where chat_id = ${chatId} and not system`,
      ),
    );
    expect(count).toEqual([{ n: 0 }]);
    // A fan cannot sell a bundle.
    const fanItems = await vaultMedia(t, fan, { photos: 2, type: 'message' });
    const byFan = await fan.api.post('/v1/messages', bundleBody(creator.user.id, fanItems, base));
    expect([byFan.statusCode, byFan.json().code]).toEqual([400, 'price_not_allowed']);
  });

  it('answers a retried send with the first bundle and refuses its send id for other items', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const items = await vaultMedia(t, creator, { photos: 3 });
    const body = bundleBody(fan.user.id, items.slice(0, 2), { price: 20, chat_id: chatId, preview: 0 });
    const first = await sendBundle(creator, body);
    const again = await creator.api.post('/v1/messages', body);
    expect([again.statusCode, again.json().data._id]).toEqual([200, first._id]);
    const other = await creator.api.post('/v1/messages', {
      ...body,
      media_items: [body.media_items[0], { media_id: items[2]?.media_id, preview: false }],
    });
    expect(other.statusCode).toBe(409);
  });

  it('opens every item of a free bundle to its recipient', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const items = await vaultMedia(t, creator, { photos: 2 });
    const sent = await sendBundle(
      creator,
      bundleBody(fan.user.id, items, { chat_id: chatId, text: 'for you' }),
    );
    const view = await fanView(fan, sent._id);
    expect(view.media_items?.map((i) => i.media?.locked)).toEqual([false, false]);
    for (const item of items)
      expect(await statuses(fullUrls(item.media_id, fan.user.id, 'image'))).toEqual([200, 200]);
  });
});
