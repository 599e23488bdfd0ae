import { FAN_LISTS_MAX, type ErrorCode, type FanList } from '@cove/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { fanListMembers, fanLists, type FanListRow, type UserRow, users } from '../db/schema';
import type { Queryable } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';

/** What creating or renaming a list may be refused with (docs/rules.md, "Fans and lists"). */
export const fanListCodes = [
  'forbidden',
  'not_found',
  'fan_lists_full',
  'fan_list_name_taken',
] as const satisfies readonly ErrorCode[];

const listNotFound = () => fail('not_found', 'List');

const dto = (l: FanListRow, members: number): FanList => ({
  _id: l.id,
  name: l.name,
  members,
  created_at: l.createdAt.toISOString(),
});

function creatorOnly(me: UserRow): void {
  if (me.type !== 'featured') throw fail('forbidden');
}

/** One of her own lists; to anyone else a list id names nothing (404), as for one that does not exist. */
export async function ownList(db: Queryable, me: UserRow, id: string): Promise<FanListRow> {
  creatorOnly(me);
  if (!isUuid(id)) throw listNotFound();
  const [row] = await db
    .select()
    .from(fanLists)
    .where(and(eq(fanLists.id, id), eq(fanLists.creatorId, me.id)));
  if (!row) throw listNotFound();
  return row;
}

const memberCount = (db: Queryable, listId: string) =>
  db
    .select({ n: count() })
    .from(fanListMembers)
    .where(eq(fanListMembers.listId, listId))
    .then(([r]) => r?.n ?? 0);

/** A duplicate name (whatever its case) is the database's unique index speaking. */
async function namedOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('fan_list_name_taken');
    throw err;
  }
}

/** Her lists, oldest first, with how many people each holds. */
export async function listFanLists(db: Db, me: UserRow): Promise<FanList[]> {
  creatorOnly(me);
  const rows = await db
    .select({
      list: fanLists,
      members: sql<number>`(select count(*) from fan_list_members f
      where f.list_id = ${fanLists.id})`.mapWith(Number),
    })
    .from(fanLists)
    .where(eq(fanLists.creatorId, me.id))
    .orderBy(asc(fanLists.createdAt), asc(fanLists.id));
  return rows.map((r) => dto(r.list, r.members));
}

/**
 * A new list, while she has fewer than FAN_LISTS_MAX. Her user row is locked first, so two creations
 * at once count one after the other and the limit holds.
 */
export function createFanList(db: Db, me: UserRow, name: string): Promise<FanList> {
  creatorOnly(me);
  return namedOnce(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
      const [held] = await tx.select({ n: count() }).from(fanLists).where(eq(fanLists.creatorId, me.id));
      if ((held?.n ?? 0) >= FAN_LISTS_MAX) throw fail('fan_lists_full');
      const [row] = await tx.insert(fanLists).values({ creatorId: me.id, name }).returning();
      if (!row) throw new Error('list insert returned nothing');
      return dto(row, 0);
    }),
  );
}

export async function renameFanList(db: Db, me: UserRow, id: string, name: string): Promise<FanList> {
  await ownList(db, me, id);
  const [row] = await namedOnce(() =>
    db.update(fanLists).set({ name }).where(eq(fanLists.id, id)).returning(),
  );
  if (!row) throw listNotFound();
  return dto(row, await memberCount(db, id));
}

/** Deletes the list and its memberships; the people and their chats stay. */
export async function deleteFanList(db: Db, me: UserRow, id: string): Promise<void> {
  await ownList(db, me, id);
  await db.delete(fanLists).where(eq(fanLists.id, id));
}
