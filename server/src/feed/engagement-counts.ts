import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import type { Emit } from '../realtime/with-events';

/** A post's counts after a change. */
export interface PostCounts {
  like_count: number;
  comment_count: number;
}

/**
 * Runs `change` (a data-modifying statement returning a row with a boolean `counted` for each row it
 * wrote: true where it adds or takes away a like or a shown comment) and moves the post's `column` by `sign` times its rows in the same statement: the row
 * and the count commit together, and the post's row lock orders parallel changes, so the count always
 * equals the rows (docs/rules.md, Post likes, comments and pins). The creator and the person who
 * acted are told the new counts when they moved.
 */
export async function changeCount(
  tx: Tx,
  emit: Emit,
  post: { id: string; creatorId: string },
  actorId: string,
  change: SQL,
  column: 'like_count' | 'comment_count',
  sign: 1 | -1,
): Promise<PostCounts & { changed: number }> {
  const [row] = rowsOf<PostCounts & { changed: number }>(
    await tx.execute(sql`
      with changed as (${change}), moved as (select count(*)::int as n from changed where counted)
      update feed_posts set ${sql.identifier(column)} = ${sql.identifier(column)} + ${sign} * (select n from moved)
      where id = ${post.id}
      returning like_count, comment_count, (select n from moved) as changed`),
  );
  if (!row) throw new Error(`post ${post.id} has no row`);
  const event = {
    type: 'post_engagement' as const,
    feed_id: post.id,
    like_count: row.like_count,
    comment_count: row.comment_count,
  };
  if (row.changed > 0) for (const userId of new Set([post.creatorId, actorId])) emit(userId, event);
  return row;
}
