import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { migrationsFolder } from '../../src/paths';
import { migrationsBefore } from '../helpers/migrations-before';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const TAB_COUNTS = '0011_chat_tab_counts';

let before: string;
let database: TestDatabase;
beforeAll(async () => {
  before = migrationsBefore(TAB_COUNTS);
  database = await createTestDatabase(before);
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

it('back-fills every inbox\u2019s tab counts when the migration runs on existing chats', async () => {
  const { db } = database;
  // A creator with six fans, in every tab, with a hidden and an unlisted chat that must not count.
  await db.execute(sql`
    with people as (
      insert into users (email, username, type, is_online)
      select 'p' || g || '@backfill.test', 'p' || g, case when g = 0 then 'featured' else 'user' end,
        g in (1, 3, 5)
      from generate_series(0, 6) g returning id, username
    ), creator as (select id from people where username = 'p0'),
    fans as (select id, substr(username, 2)::int as n from people where username <> 'p0'),
    made as (
      insert into chats (user_low, user_high, last_message_at)
      select least(f.id, c.id), greatest(f.id, c.id), now() from fans f, creator c returning id, user_low, user_high
    ), pairs as (
      select m.id as chat_id, f.id as fan, f.n, c.id as creator
      from made m join fans f on f.id in (m.user_low, m.user_high) cross join creator c
    )
    insert into chat_members (chat_id, user_id, other_id, favorite, spent_by_other, last_message_at,
      last_from_other, hidden, listed)
    select chat_id, creator, fan, n in (1, 2), case n when 1 then 1500 when 2 then 10 else 0 end, now(),
      n % 2 = 1, n = 5, n <> 6 from pairs
    union all
    select chat_id, fan, creator, false, 0, now(), n % 2 = 0, false, true from pairs`);

  const migrated = openDatabase({ url: database.url, migrationsFolder });
  await migrated.migrate();
  await migrated.close();

  const counts = rowsOf<{ c: number[] }>(
    await db.execute(sql`select array[all_chats, fans, favorites, unreplied, vip, sent, online_fans] as c
      from chat_tab_counts join users on users.id = user_id where username = 'p0'`),
  );
  // Fans 1-4 are listed and visible: 1 and 2 spent (1 is a VIP), 1 and 2 are favourites, 1 and 3
  // wrote last (unreplied), 2 and 4 were answered (sent), 1 and 3 are online (5 too, but hidden).
  expect(counts.map((r) => r.c)).toEqual([[4, 2, 2, 2, 1, 2, 2]]);
  const fans = rowsOf<{ all_chats: number }>(
    await db.execute(sql`select all_chats from chat_tab_counts join users on users.id = user_id
      where username <> 'p0'`),
  );
  expect(fans.map((r) => r.all_chats)).toEqual([1, 1, 1, 1, 1, 1]);
});
