import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { bundleBody, sendBundle, vaultMedia } from '../helpers/bundles';
import { fanAndCreator } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fetchMedia } from '../media/helpers/upload';

// 1,000 unlocks of one bundle by its fan, all at once on the app's pool of connections (the suite runs
// on the embedded cluster and again on the PostgreSQL server).
const ATTEMPTS = 1_000;
const PRICE = 90;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('charges once for 1,000 parallel unlocks of one bundle, and opens every item', async () => {
  const { fan, creator, chatId } = await fanAndCreator(t, { credits: 1_000 });
  const items = await vaultMedia(t, creator, { photos: 3 });
  const sent = await sendBundle(
    creator,
    bundleBody(fan.user.id, items, { price: PRICE, chat_id: chatId, preview: 2 }),
  );

  const answers = await Promise.all(
    Array.from({ length: ATTEMPTS }, () => fan.api.patch(`/v1/messages/${sent._id}/buy`)),
  );
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
  expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 409: ATTEMPTS - 1 });

  expect(await creditsOf(t.db, fan.user.id)).toBe(1_000 - PRICE);
  const charges = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from ledger_transactions
      where kind = 'purchase' and reference->>'message_id' = ${sent._id}`),
  );
  expect(charges).toEqual([{ n: 1 }]);
  const opened = rowsOf<{ media_id: string; earned: number }>(
    await t.db.execute(sql`select media_id, earned from purchase_items where message_id = ${Number(sent._id)}
      order by media_id`),
  );
  // Each item once; the creator's share (72) over the two locked items, the preview earning nothing.
  expect(opened.map((r) => r.media_id)).toEqual(items.map((i) => i.media_id).sort());
  expect(opened.reduce((sum, r) => sum + r.earned, 0)).toBe(72);
  expect(await balanceMismatches(t.db)).toEqual([]);

  for (const item of items) {
    const url = t.app.media.signer.url(item.media_id, 'st', fan.user.id);
    expect((await fetchMedia(t.app, url)).statusCode).toBe(200);
  }
});
