import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Cove } from '../system';

export interface ScreenSize {
  /** Messages in the one long chat. */
  messages: number;
  /** Chats in the creator's inbox, the long one among them. */
  chats: number;
}

/**
 * In set-based SQL: `size.chats` fans in the creator's inbox, each chat with a last message in the
 * past 30 days, and the chat with the first fan holding `size.messages` text messages of 1 to 40
 * words from either side, three minutes apart (so the thread crosses days), every one read.
 * Answers the first fan's id: the long chat opens at `/chats/<id>`.
 */
export async function seedScreens(cove: Cove, creatorId: string, size: ScreenSize): Promise<string> {
  const tag = creatorId.slice(0, 8);
  const fan = (n: string) => sql.raw(`md5('${tag}' || 'f' || ${n})::uuid`);
  await cove.db.execute(sql`
    insert into users (id, email, username, type)
    select ${fan('g')}, 'f' || g || '-' || ${tag} || '@bench.test', 'fan-' || g || '-' || ${tag}, 'user'
    from generate_series(1, ${size.chats}) g`);
  await cove.db.execute(sql`
    with pairs as materialized (
      select gen_random_uuid() as id, ${fan('g')} as fan, g,
        case when g = 1 then now() else now() - random() * interval '30 days' end as at
      from generate_series(1, ${size.chats}) g
    ), made as (
      insert into chats (id, user_low, user_high, credit_rate, last_message_at, last_message_text, last_sender_id)
      select id, least(${creatorId}::uuid, fan), greatest(${creatorId}::uuid, fan), 10, at, 'Hello #' || g, fan
      from pairs
    )
    insert into chat_members (chat_id, user_id, other_id, unread, last_message_at, last_from_other)
    select id, ${creatorId}::uuid, fan, 0, at, true from pairs
    union all
    select id, fan, ${creatorId}::uuid, 0, at, false from pairs`);
  await cove.db.execute(sql`
    with long as (select id from chats where ${fan('1')} in (user_low, user_high))
    insert into messages (chat_id, sender_id, recipient_id, type, text, read_at, created_at)
    select long.id,
      case when g % 3 = 0 then ${creatorId}::uuid else ${fan('1')} end,
      case when g % 3 = 0 then ${fan('1')} else ${creatorId}::uuid end,
      'text',
      'Message ' || g || ': ' || repeat('lorem ipsum ', 1 + (g * 7919) % 20),
      now(),
      now() - (${size.messages} - g) * interval '3 minutes'
    from long, generate_series(1, ${size.messages}) g`);
  await cove.db.execute(sql`
    update chats set last_message_id = m.id, last_message_text = m.text, last_sender_id = m.sender_id
    from (select id, chat_id, text, sender_id from messages order by id desc limit 1) m
    where chats.id = m.chat_id`);
  await cove.db.execute(sql`vacuum analyze`);
  await cove.db.execute(sql`checkpoint`);
  const hex = createHash('md5').update(`${tag}f1`).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
