import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

const BATCH = 100_000;

/**
 * Benchmark data: every bulk fan gets a chat with one bulk creator, then `messages` messages are
 * spread over those chats in batches, alternating sender, with list positions and unread counts
 * brought up to date at the end. Plain SQL, so a million messages take seconds, not hours.
 */
export async function seedBulkMessages(
  db: Db,
  messages: number,
  onProgress?: (done: number, total: number) => void,
) {
  await db.execute(sql`
    with fans as (select id, row_number() over (order by id) as n from users where email like 'fan-%@bulk.cove.test'),
      creators as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
        from users where email like 'creator-%@bulk.cove.test'),
      pairs as (select f.id as fan, c.id as creator from fans f join creators c on c.n = f.n % c.total),
      made as (
        insert into chats (user_low, user_high, credit_rate)
        select least(fan, creator), greatest(fan, creator), 10 from pairs
        on conflict do nothing returning id, user_low, user_high)
    insert into chat_members (chat_id, user_id, other_id)
    select id, user_low, user_high from made union all select id, user_high, user_low from made
    on conflict do nothing`);
  const bulkChats = sql`select c.id, c.user_low, c.user_high from chats c join users u on u.id = c.user_low
    where u.email like '%@bulk.cove.test'`;
  const chatCount = Number(
    rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from (${bulkChats}) b`))[0]?.n ?? 0,
  );
  if (chatCount === 0) throw new Error('no bulk chats: seed creators and fans first (--creators, --fans)');
  for (let done = 0; done < messages; done += BATCH) {
    const n = Math.min(BATCH, messages - done);
    await db.execute(sql`
      with numbered as (select id, user_low, user_high, row_number() over (order by id) - 1 as k from (${bulkChats}) b)
      insert into messages (chat_id, sender_id, recipient_id, type, text, created_at)
      select c.id,
        case when g % 2 = 0 then c.user_low else c.user_high end,
        case when g % 2 = 0 then c.user_high else c.user_low end,
        'text', 'Generated message ' || g, now() - ((${messages}::int - g) * interval '1 second')
      from generate_series(${done}::int, ${done + n - 1}::int) g join numbered c on c.k = g % ${chatCount}::int`);
    onProgress?.(done + n, messages);
  }
  await db.execute(sql`
    update chats c set last_message_id = m.id, last_message_at = m.created_at, last_message_text = m.text, last_sender_id = m.sender_id
    from (select distinct on (chat_id) chat_id, id, created_at, text, sender_id from messages order by chat_id, id desc) m
    where m.chat_id = c.id`);
  await db.execute(sql`
    update chat_members cm set last_message_at = c.last_message_at, last_from_other = (c.last_sender_id = cm.other_id)
    from chats c where c.id = cm.chat_id`);
}
