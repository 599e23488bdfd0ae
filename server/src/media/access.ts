import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { MediaRow } from '../db/schema';
import { boughtSql, inAudienceSql } from '../feed/audience';
import { NOBODY } from '../ids';

/** What one viewer may see of one media: the full renditions, only the blurred preview, or nothing. */
export type MediaView = 'full' | 'locked' | 'none';

/**
 * Who sees what (docs/rules.md, "Media"), decided from the messages that carry the media:
 * - its uploader sees everything, always;
 * - the recipient of a free message carrying it sees the full renditions while that message is not deleted,
 *   and so does the recipient of a paid bundle in which it is the free preview;
 * - "carrying" is as the message's one media or as any item of its bundle (docs/rules.md, "Bundles");
 * - a buyer of a paid message carrying it sees the full renditions for good (even after the media
 *   or the message is deleted: they paid for it);
 * - the recipient of a paid message carrying it who has not bought it sees the blurred preview;
 * - of a published feed post carrying it (not deleted), as its cover or any later item, a viewer in
 *   the post's audience sees the full renditions when the post is free or they bought it; anyone
 *   else signed in sees the blurred preview of a post's cover only, and nothing of its other items
 *   (docs/rules.md, "Locked posts", "Post media"); a visitor who is not signed in, not even that;
 * - anyone else sees nothing.
 */
export async function viewOf(db: Db, row: MediaRow, viewerId: string): Promise<MediaView> {
  if (row.ownerId === viewerId) return 'full';
  // Posts carry their creator's own media: naming the creator lets the live-posts index
  // (feed_posts_creator_idx) find them.
  // The messages that carry it: as their one media (or a bundle's first), or as any bundle item.
  const carriers = sql`(select m.id, m.recipient_id, m.price, m.deleted_at, false as preview
      from messages m where m.media_id = ${row.id}
    union all
    select m.id, m.recipient_id, m.price, m.deleted_at, mm.preview
      from message_media mm join messages m on m.id = mm.message_id where mm.media_id = ${row.id})`;
  const result = await db.execute(sql`
    with carriers as ${carriers}
    select
      exists (select 1 from carriers m where m.recipient_id = ${viewerId}
              and m.deleted_at is null and (m.price = 0 or m.preview)) as free,
      exists (select 1 from carriers m join purchases p on p.message_id = m.id
              where p.buyer_id = ${viewerId}) as bought,
      exists (select 1 from carriers m where m.recipient_id = ${viewerId}
              and m.deleted_at is null) as received,
      exists (select 1 from feed_posts p where p.creator_id = ${row.ownerId}
              and (p.media_id = ${row.id} or exists (select 1 from feed_post_media pm
                where pm.post_id = p.id and pm.media_id = ${row.id}))
              and p.deleted_at is null and p.scheduled_for is null
              and (${boughtSql(viewerId, sql`p.id`)} or (p.price = 0
              and ${inAudienceSql(viewerId, sql`p.audience`, sql`p.creator_id`)}))) as entitled,
      exists (select 1 from feed_posts p where p.creator_id = ${row.ownerId} and p.media_id = ${row.id}
              and p.deleted_at is null and p.scheduled_for is null) as posted`);
  const [flags] = rowsOf<{
    free: boolean;
    bought: boolean;
    received: boolean;
    entitled: boolean;
    posted: boolean;
  }>(result);
  if (flags?.free || flags?.bought || flags?.entitled) return 'full';
  // A visitor who is not signed in gets no locked media at all, not even blurred (Public pages).
  return flags?.received || (flags?.posted && viewerId !== NOBODY) ? 'locked' : 'none';
}
