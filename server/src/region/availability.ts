import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid, NOBODY } from '../ids';

/**
 * The creator a request is about: their id, or something of theirs the fan reaches by its id (a
 * message to the fan, a feed post, the chat the fan has with them).
 */
export type CreatorRef = string | { message: number } | { post: string } | { chat: string };

/** The creator's id as SQL, or null when `ref` is malformed and so names nobody. */
function creatorIdSql(ref: CreatorRef, viewerId: string): SQL | null {
  if (typeof ref === 'string') return isUuid(ref) ? sql`${ref}::uuid` : null;
  if ('message' in ref)
    return sql`(select sender_id from messages where id = ${ref.message} and recipient_id = ${viewerId})`;
  if ('post' in ref)
    return isUuid(ref.post) ? sql`(select creator_id from feed_posts where id = ${ref.post})` : null;
  return isUuid(ref.chat)
    ? sql`(select other_id from chat_members where chat_id = ${ref.chat} and user_id = ${viewerId})`
    : null;
}

/**
 * Refuses a fan whose country a creator closed themself to (451, docs/rules.md "Region"); callers
 * ask before anything is charged. The creator themself and staff are never refused, nor anyone whose
 * country is unknown; a visitor who is not signed in (`viewer` null: the public page) is refused as a
 * fan is. Costs one query by primary keys, and none when the country is unknown.
 */
export async function assertAvailableIn(
  db: Db,
  viewer: UserRow | null,
  ref: CreatorRef,
  country: string | null,
): Promise<void> {
  if (!country) return;
  if (viewer && (ref === viewer.id || viewer.isStaff || viewer.isStaffMo)) return;
  // No one signed in: the nil id, which no account has, stands for the visitor.
  const viewerId = viewer?.id ?? NOBODY;
  const creatorId = creatorIdSql(ref, viewerId);
  if (!creatorId) return;
  const closed = rowsOf<{ closed: boolean }>(
    await db.execute(sql`select exists (select 1 from users where id = ${creatorId} and id <> ${viewerId}
      and type = 'featured' and ${country} = any(blocked_countries)) as closed`),
  );
  if (closed[0]?.closed) throw fail('region_blocked');
}
