import type { BroadcastCategory } from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { conditionOf } from '../chats/chat-filters';
import { isUuid } from '../ids';

/** Which of a creator's chats a broadcast goes to (docs/rules.md, "Broadcasts": Recipients). */
export interface Targets {
  category: BroadcastCategory;
  /** Only these chats, when given. */
  ids: string[] | null;
  /** All but these chats, when given. */
  exceptIds: string[] | null;
  /** Only the people on this list of the creator's, when given (checked hers before it is stored). */
  listId: string | null;
}

/** The spec's comma-joined chat ids; ids that are no UUID name no chat and are left out. */
export const idListOf = (list: string | undefined): string[] | null =>
  list === undefined
    ? null
    : [
        ...new Set(
          list
            .split(',')
            .map((id) => id.trim())
            .filter(isUuid),
        ),
      ];

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * `(chat_id, fan_id)` of every chat the broadcast reaches now: the creator's listed chats of the tab
 * (over `m`, their member row, and `o`, the fan), of her list's members when it names one, never a deleted or terminated account, a block
 * either way, an intro still waiting for the creator's own answer, or (for media) a fan refusing
 * media in that chat; `onlineOnly` keeps the fans online now. The write re-checks these per batch
 * (migration 0019).
 */
export function targetsSql(
  creatorId: string,
  t: Targets,
  kind: 'text' | 'image' | 'video',
  onlineOnly = false,
): SQL {
  return sql`
    select m.chat_id, m.other_id as fan_id
    from chat_members m
    join users o on o.id = m.other_id
    join chats c on c.id = m.chat_id
    join chat_members theirs on theirs.chat_id = m.chat_id and theirs.user_id = m.other_id
    where m.user_id = ${creatorId} and m.listed and not m.hidden and (${conditionOf(t.category)})
      ${t.ids ? sql`and m.chat_id = any(${uuidArray(t.ids)})` : sql``}
      ${t.exceptIds ? sql`and m.chat_id <> all(${uuidArray(t.exceptIds)})` : sql``}
      ${t.listId ? sql`and exists (select 1 from fan_list_members f where f.list_id = ${t.listId}::uuid and f.fan_id = m.other_id)` : sql``}
      and not user_gone(o)
      and not (c.is_intro and not c.intro_ended)
      ${onlineOnly ? sql`and o.is_online` : sql``}
      ${kind === 'text' ? sql`` : sql`and not theirs.media_blocked`}
      and not exists (select 1 from blocks k
        where (k.blocker_id = m.user_id and k.blocked_id = m.other_id)
          or (k.blocker_id = m.other_id and k.blocked_id = m.user_id))`;
}
