import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

/**
 * `count` fans of one creator in bulk (set-based SQL, seconds for 10,000): each fan's chat with the
 * creator, both member rows, and the fan's first message, so every chat is in the creator's list as
 * one a fan wrote first. Answers the fans' ids, in id order.
 */
export async function seedFanChats(db: Db, creatorId: string, count: number): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  await db.execute(sql`
    with fans as (
      insert into users (email, username, type)
      select 'fan-' || ${tag} || '-' || i || '@example.com', 'fan_' || ${tag} || '_' || i, 'user'
      from generate_series(1, ${count}) i
      returning id
    ), pairs as (
      insert into chats (user_low, user_high, last_message_at)
      select least(id, ${creatorId}::uuid), greatest(id, ${creatorId}::uuid), now() from fans
      returning id, user_low, user_high
    ), members as (
      insert into chat_members (chat_id, user_id, other_id, last_message_at, last_from_other)
      select id, user_low, user_high, now(), user_low <> ${creatorId}::uuid from pairs
      union all select id, user_high, user_low, now(), user_high <> ${creatorId}::uuid from pairs
      returning chat_id
    ), firsts as (
      insert into messages (chat_id, sender_id, recipient_id, type, text)
      select p.id, case when p.user_low = ${creatorId}::uuid then p.user_high else p.user_low end,
        ${creatorId}::uuid, 'text', 'hi'
      from pairs p
      returning id, chat_id, sender_id, created_at
    )
    update chats c set last_message_id = f.id, last_message_at = f.created_at, last_message_text = 'hi',
      last_sender_id = f.sender_id
    from firsts f where c.id = f.chat_id`);
  const fans = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email like ${`fan-${tag}-%`} order by id`),
  );
  return fans.map((f) => f.id);
}

/** A ready photo of its owner, as the upload pipeline leaves it (its own hashes: one file per owner and sha256). */
export async function readyPhoto(db: Db, ownerId: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into media (id, owner_id, public_id, kind, upload_type, status, source_type, size, md5, sha256)
      values (gen_random_uuid(), ${ownerId}, ${randomBytes(8).toString('hex')}, 'image', 'paid_message', 'ready',
        'image/jpeg', 10, ${randomBytes(16).toString('hex')}, ${randomBytes(32).toString('hex')})
      returning id`),
  );
  if (!row) throw new Error('media insert returned nothing');
  return row.id;
}
