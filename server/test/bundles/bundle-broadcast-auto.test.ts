import type { Message } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { readyPhoto } from '../helpers/broadcast-world';
import { grantCredits, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { awaitAutoMessages, putAuto } from '../auto-messages/helpers';
import { fan, openChat } from '../auto-messages/trigger-world';
import { broadcaster, broadcastNow, fanOf, rows } from '../broadcasts/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const itemsOf = (ids: string[], preview = -1) =>
  ids.map((media_id, i) => ({ media_id, preview: i === preview }));

async function lastFrom(
  who: { api: { get(u: string): Promise<{ json(): unknown }> } },
  chatId: string,
  senderId: string,
) {
  const page = (await who.api.get(`/v1/chats/${chatId}/messages`)).json() as { data: Message[] };
  const found = page.data.find((m) => m.sender_id === senderId);
  if (!found) throw new Error('no message from the sender');
  return found;
}

describe('a broadcast bundle', () => {
  it('reaches each fan as one locked bundle with its text and preview, and one purchase opens it', async () => {
    const creator = await broadcaster(t);
    const fans = [await fanOf(t, creator), await fanOf(t, creator)];
    const ids = [
      await readyPhoto(t.db, creator.user.id),
      await readyPhoto(t.db, creator.user.id),
      await readyPhoto(t.db, creator.user.id),
    ];
    await broadcastNow(t, creator, {
      type: 'image',
      text: 'Three for everyone',
      price: 40,
      media_items: itemsOf(ids, 0),
    });
    for (const f of fans) {
      const m = await lastFrom(f, f.chatId, creator.user.id);
      expect(m).toMatchObject({ text: 'Three for everyone', price: 40, media_id: null });
      expect(m.media_items?.map((i) => [i.media_id, i.preview, i.media?.locked])).toEqual([
        [ids[0], true, false],
        [ids[1], false, true],
        [ids[2], false, true],
      ]);
    }
    const [buyer] = fans;
    if (!buyer) throw new Error('no fan');
    await grantCredits(t.db, buyer.user.id, 100);
    const m = await lastFrom(buyer, buyer.chatId, creator.user.id);
    const bought = await buyer.api.patch(`/v1/messages/${m._id}/buy`);
    expect(bought.statusCode).toBe(200);
    expect((bought.json().data as Message).media_items?.map((i) => i.media?.locked)).toEqual([
      false,
      false,
      false,
    ]);
    const opened = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from purchase_items where message_id = ${Number(m._id)}`,
    );
    expect(opened).toEqual([{ n: 3 }]);
  });

  it('refuses a bundle with media that is not the creator’s', async () => {
    const creator = await broadcaster(t);
    const other = await person(t, { type: 'featured' });
    const ids = [await readyPhoto(t.db, creator.user.id), await readyPhoto(t.db, other.user.id)];
    const res = await creator.api.post('/v1/broadcast/send', {
      type: 'image',
      text: 'x',
      price: 10,
      send_id: 'bundle-bad',
      media_items: itemsOf(ids),
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'media_not_usable']);
  });
});

describe('an auto-message bundle', () => {
  it('is saved with its items and reaches a new fan as a locked bundle', async () => {
    const creator = await person(t, { type: 'featured' });
    const ids = [await readyPhoto(t.db, creator.user.id), await readyPhoto(t.db, creator.user.id)];
    const saved = await putAuto(t, creator, {
      category: 'welcome',
      auto_messages: [{ type: 'media', text: 'Welcome pack', price: 25, media_items: itemsOf(ids, 1) }],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved
        .json()
        .data.messages[0].media_items.map((i: { media_id: string; preview: boolean }) => [
          i.media_id,
          i.preview,
        ]),
    ).toEqual([
      [ids[0], false],
      [ids[1], true],
    ]);
    const someone = await fan(t);
    const chatId = (await openChat(someone, creator)).json().data._id as string;
    await awaitAutoMessages(t, creator, someone, 1);
    const m = await lastFrom(someone, chatId, creator.user.id);
    expect(m).toMatchObject({ text: 'Welcome pack', price: 25 });
    expect(m.media_items?.map((i) => i.media?.locked)).toEqual([true, false]);
  });
});
