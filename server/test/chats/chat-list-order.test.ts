import type { ChatFilter } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { issueAccessToken } from '../../src/auth/tokens';
import { tabSql } from '../../src/chats/list-chats';
import { rowsOf } from '../../src/db/rows';
import { users } from '../../src/db/schema';
import { as } from '../helpers/api';
import { grantCredits, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (res: { json(): { data: { recipient_id: string }[] } }) =>
  res.json().data.map((c) => c.recipient_id);

it('keeps the unread support chat on the first page only, and pages the rest without gaps', async () => {
  const creator = await person(t, { type: 'featured', creditRate: 10 });
  const fans = [];
  for (let i = 0; i < 4; i++) {
    const fan = await person(t);
    await grantCredits(t.db, fan.user.id, 100);
    await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
    await fan.api.post('/v1/messages', text(creator.user.id, `hello ${i}`));
    fans.push(fan.user.id);
  }
  const [support] = await t.db.select().from(users).where(eq(users.username, 'support'));
  if (!support) throw new Error('no support account');
  const asSupport = as(t.app, await issueAccessToken(t.db, support.id));
  await asSupport.post('/v1/chat', { recipient_id: creator.user.id });
  await asSupport.post('/v1/messages', text(creator.user.id, 'Welcome'));
  // The newest message is a fan's, yet the unread support chat leads.
  const last = await person(t);
  await grantCredits(t.db, last.user.id, 100);
  await last.api.post('/v1/chat', { recipient_id: creator.user.id });
  await last.api.post('/v1/messages', text(creator.user.id, 'newest'));

  const newestFirst = [last.user.id, ...[...fans].reverse()];
  const page1 = await creator.api.get('/v1/chats?v=2&limit=3');
  expect(ids(page1)).toEqual([support.id, ...newestFirst.slice(0, 2)]);
  const page2 = await creator.api.get(page1.json().next);
  expect(ids(page2)).toEqual(newestFirst.slice(2, 5));
  expect(page2.json().next).toBe('/v1/chats?v=2&limit=3&offset=6&type=all');
  expect(ids(await creator.api.get(page2.json().next))).toEqual([]);

  // Once read, the support chat takes its place by date again.
  const supportChat = page1.json().data[0]._id;
  await creator.api.patch('/v1/chats', { action: 'read', ids: [supportChat] });
  expect(ids(await creator.api.get('/v1/chats?v=2&limit=3'))).toEqual([last.user.id, support.id, fans[3]]);
});

/** The index each tab's page is read from, in list order. */
const tabIndexes: [ChatFilter, string][] = [
  ['all', 'chat_members_list_idx'],
  ['recent', 'chat_members_list_idx'],
  ['favorites', 'chat_members_favorites_idx'],
  ['fans2', 'chat_members_fans_idx'],
  ['vip', 'chat_members_vip_idx'],
  ['unreplied', 'chat_members_unreplied_idx'],
  ['sent', 'chat_members_sent_idx'],
];

it.each(tabIndexes)('reads the %s tab off %s in list order, with no sort', async (tab, index) => {
  const creator = await person(t, { type: 'featured' });
  // Sorting and scanning the table are ruled out, so only an index in the list's order can answer.
  const plan = await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const rows = rowsOf<{ 'QUERY PLAN': string }>(
      await tx.execute(sql`explain select m.chat_id ${tabSql(creator.user.id, tab)}
        order by m.last_message_at desc nulls last, m.chat_id limit 20`),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain(`Index Scan using ${index} on chat_members m`);
  expect(plan).not.toMatch(/Sort/);
});
