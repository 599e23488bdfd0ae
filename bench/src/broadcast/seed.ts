import { sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../../server/src/auth/tokens';
import type { Cove } from '../system';

/**
 * A creator allowed to broadcast and `chats` fans in chats with them, in set-based SQL: every chat
 * listed on both sides with a last message from the fan in the past 30 days. The first `online`
 * fans get access tokens; answers one `/ws` URL for each of them.
 */
export async function seedAudience(cove: Cove, chats: number, online: number) {
  const creator = await cove.user('featured');
  const id = creator.row.id;
  const tag = id.slice(0, 8);
  await cove.db.execute(sql`update users set features = '{"broadcast": true}' where id = ${id}`);
  await cove.db.execute(sql`
    insert into users (id, email, username, type)
    select md5(${tag} || 'a' || g)::uuid, 'a' || g || '-' || ${tag} || '@bench.test', 'aud-' || g || '-' || ${tag}, 'user'
    from generate_series(1, ${chats}) g`);
  await cove.db.execute(sql`
    with pairs as materialized (
      select gen_random_uuid() as id, md5(${tag} || 'a' || g)::uuid as fan,
        now() - random() * interval '30 days' as at
      from generate_series(1, ${chats}) g
    ), made as (
      insert into chats (id, user_low, user_high, last_message_at)
      select id, least(${id}::uuid, fan), greatest(${id}::uuid, fan), at from pairs
    )
    insert into chat_members (chat_id, user_id, other_id, unread, last_message_at, last_from_other)
    select id, ${id}::uuid, fan, 1, at, true from pairs
    union all
    select id, fan, ${id}::uuid, 0, at, false from pairs`);
  // Hashes are hex: the array literal needs no quoting.
  const tokens = Array.from({ length: online }, () => newToken());
  await cove.db.execute(sql`
    insert into access_tokens (user_id, token_hash)
    select md5(${tag} || 'a' || t.i)::uuid, t.hash
    from unnest(${`{${tokens.map(hashToken).join(',')}}`}::text[]) with ordinality as t(hash, i)`);
  await cove.db.execute(sql`vacuum analyze`);
  // The seed's writes leave the disk busy for a while; timing starts after they are flushed.
  await cove.db.execute(sql`checkpoint`);
  return { creator, urls: tokens.map((t) => `ws://127.0.0.1:${cove.port}/ws?token=${t}`) };
}
