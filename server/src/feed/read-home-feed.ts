import type { feedQuery } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type * as z from '../zod';
import { rowsOf } from '../db/rows';
import { type EventDeps, withEvents } from '../realtime/with-events';

/**
 * The read that marks the home feed read (docs/rules.md, Home feed): its first page, unfiltered, which
 * shows the newest posts of everyone followed. One creator's posts or a later page do not.
 */
export const readsHomeFeed = (q: z.infer<typeof feedQuery>) =>
  q.model_id === undefined && q.media === undefined && q.offset === 0;

/**
 * The person has read their home feed now: nothing is unread, and posts fanned out later count only if
 * they are newer than this. Their other tabs hear it when there was something to clear.
 */
export async function markHomeFeedRead(deps: EventDeps, userId: string): Promise<void> {
  await withEvents(deps, async (tx, emit) => {
    const [row] = rowsOf<{ was: number }>(
      await tx.execute(sql`
        update users u set feed_read_at = now(), unread_feeds = 0
        from (select id, unread_feeds from users where id = ${userId} for no key update) old
        where u.id = old.id
        returning old.unread_feeds as was`),
    );
    if (row && row.was > 0) emit(userId, { type: 'unread_feeds', unread_feeds: 0 });
  });
}
