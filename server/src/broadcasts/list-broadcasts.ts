import type { Broadcast, BroadcastCategory } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

interface BroadcastStatsRow {
  id: string;
  status: Broadcast['status'];
  type: Broadcast['type'];
  text: string;
  price: number;
  self_destruct: boolean;
  category: BroadcastCategory;
  list_name: string | null;
  only_chats: number | null;
  except_chats: number | null;
  media_items: Broadcast['media_items'];
  send_at: Date | string;
  created_at: Date | string;
  sent: string | number;
  viewed: string | number;
  bought: string | number;
  revenue: string | number;
}

const toDto = (r: BroadcastStatsRow): Broadcast => ({
  _id: r.id,
  status: r.status,
  type: r.type,
  text: r.text,
  price: r.price,
  self_destruct: r.self_destruct,
  category: r.category,
  list_name: r.list_name,
  only_chats: r.only_chats,
  except_chats: r.except_chats,
  media_items: r.media_items,
  send_at: new Date(r.send_at).toISOString(),
  sent: Number(r.sent),
  viewed: Number(r.viewed),
  bought: Number(r.bought),
  revenue: Number(r.revenue),
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * A creator's broadcasts, newest first, each with whom it went to (category, list, chosen chats), a
 * bundle's item kinds, and its funnel as it stands (docs/rules.md, Stats): the messages written,
 * those read, those bought, and the creator's earnings entries of those buys.
 */
async function statsOf(db: Db, creatorId: string, page: { limit: number; offset: number; id?: string }) {
  return rowsOf<BroadcastStatsRow>(
    await db.execute(sql`
      select b.id, b.status, b.type, b.text, b.price, b.self_destruct, b.category, b.send_at, b.created_at,
        l.name as list_name, cardinality(b.ids) as only_chats, cardinality(b.except_ids) as except_chats,
        (select json_agg(json_build_object('type', coalesce(md.kind, 'image'), 'video_length', md.video_length)
            order by x.pos)
          from jsonb_array_elements(b.media_items) with ordinality x(item, pos)
          left join media md on md.id = (x.item->>'media_id')::uuid) as media_items,
        f.sent, f.viewed, f.bought, f.revenue
      from broadcasts b
      left join fan_lists l on l.id = b.list_id
      cross join lateral (
        select count(*) as sent, count(m.read_at) as viewed, count(p.buyer_id) as bought,
          coalesce(sum((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where e.transaction_id = p.transaction_id and a.owner_id = b.creator_id and a.kind = 'earnings')), 0)
            as revenue
        from broadcast_recipients r
        join messages m on m.id = r.message_id
        left join purchases p on p.message_id = m.id
        where r.broadcast_id = b.id
      ) f
      where b.creator_id = ${creatorId} ${page.id ? sql`and b.id = ${page.id}` : sql``}
      order by b.created_at desc, b.id desc
      limit ${page.limit} offset ${page.offset}`),
  ).map(toDto);
}

export async function listBroadcasts(db: Db, creatorId: string, q: { limit: number; offset: number }) {
  // One more than the page tells whether a next page exists.
  const rows = await statsOf(db, creatorId, { limit: q.limit + 1, offset: q.offset });
  const next = rows.length > q.limit ? `/v1/broadcast?limit=${q.limit}&offset=${q.offset + q.limit}` : null;
  return { data: rows.slice(0, q.limit), next };
}

/** One of the creator's broadcasts with its funnel; undefined when it is not theirs. */
export async function broadcastOf(db: Db, creatorId: string, id: string): Promise<Broadcast | undefined> {
  const [row] = await statsOf(db, creatorId, { limit: 1, offset: 0, id });
  return row;
}
