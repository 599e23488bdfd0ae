import { sql } from 'drizzle-orm';
import { type ListQuery, listStatements } from '../../server/src/chats/list-chats';
import { rowsOf } from '../../server/src/db/rows';
import { ms, round, timeSideBySide } from './stats';
import type { Cove } from './system';

export interface ListSize {
  /** Chats in the whole database. */
  chats: number;
  /** Of which the measured creator's inbox holds this many. */
  inbox: number;
  /** Timed requests per figure. */
  runs: number;
}

/** Chats of each other creator, and the share of fans online now (presence feeds the online tab). */
const OTHER_INBOX = 1_000;
const ONLINE_SHARE = 0.01;

/**
 * A world of `size.chats` chats in set-based SQL: the measured creator's inbox of `size.inbox` fans,
 * and other creators with 1,000 chats each among a shared pool of fans, every chat with a last
 * message in the past 30 days from either side, some credits spent, 1% favourites.
 */
async function seedWorld(cove: Cove, creatorId: string, size: ListSize) {
  const tag = creatorId.slice(0, 8);
  const fans = Math.max(size.inbox, 200_000 * (size.chats / 1_000_000));
  const others = Math.ceil((size.chats - size.inbox) / OTHER_INBOX);
  await cove.db.execute(sql`
    insert into users (id, email, username, type, is_online)
    select md5(${tag} || 'f' || g)::uuid, 'f' || g || '-' || ${tag} || '@bench.test', 'fan-' || g || '-' || ${tag},
      'user', random() < ${ONLINE_SHARE}
    from generate_series(1, ${fans}) g`);
  await cove.db.execute(sql`
    insert into users (id, email, username, type)
    select md5(${tag} || 'c' || g)::uuid, 'c' || g || '-' || ${tag} || '@bench.test', 'creator-' || g || '-' || ${tag}, 'featured'
    from generate_series(1, ${others}) g`);
  await cove.db.execute(sql`
    with pairs as materialized (
      select gen_random_uuid() as id, creator, fan, now() - random() * interval '30 days' as at,
        random() < 0.5 as from_fan, (random() * 2000)::int as spent
      from (
        select ${creatorId}::uuid as creator, md5(${tag} || 'f' || g)::uuid as fan from generate_series(1, ${size.inbox}) g
        union all
        select md5(${tag} || 'c' || c)::uuid, md5(${tag} || 'f' || ((c * 7919 + k) % ${fans} + 1))::uuid
        from generate_series(1, ${others}) c, generate_series(0, ${OTHER_INBOX - 1}) k
        limit ${size.chats}
      ) p
    ), made as (
      insert into chats (id, user_low, user_high, credit_rate, last_message_at)
      select id, least(creator, fan), greatest(creator, fan), 10, at from pairs
    )
    insert into chat_members (chat_id, user_id, other_id, unread, favorite, last_message_at, last_from_other, spent_by_other)
    select id, creator, fan, case when from_fan then 1 else 0 end, random() < 0.01, at, from_fan, spent from pairs
    union all
    select id, fan, creator, 0, false, at, not from_fan, 0 from pairs`);
  await cove.db.execute(sql`vacuum analyze`);
  // The seed's writes leave the disk busy for a while; timing starts after they are flushed.
  await cove.db.execute(sql`checkpoint`);
}

interface PgPool {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * A big creator's chat list through the API against the same two statements sent through `pg`
 * (the list runs them side by side; so does the baseline), for the headline tab and the others,
 * and the nine tab totals.
 */
export async function chatListQuery(cove: Cove, size: ListSize) {
  const creator = await cove.user('featured');
  const seedStart = process.hrtime.bigint();
  await seedWorld(cove, creator.row.id, size);
  const seeded = ms(seedStart);
  const base = `http://127.0.0.1:${cove.port}`;
  const headers = { 'access-token': creator.token };
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  };
  // drizzle's node-postgres pool: the statements go to PostgreSQL with nothing of Cove in between.
  const pool = (cove.db as unknown as { $client: PgPool }).$client;
  const [support] = rowsOf<{ id: string }>(
    await cove.db.execute(sql`select id from users where username = 'support'`),
  );
  const viaPg = (type: ListQuery['type'], search?: string) => {
    const q = { limit: 20, offset: 0, type, search };
    const { page, counters } = listStatements(cove.db, creator.row.id, q, support?.id ?? null);
    const [a, b] = [page.toSQL(), counters.toSQL()];
    return () => Promise.all([pool.query(a.sql, a.params), pool.query(b.sql, b.params)]);
  };
  const measure = async (type: ListQuery['type'], search?: string) => {
    const url = `/v1/chats?v=2&limit=20&offset=0&type=${type}${search ? `&search=${search}` : ''}`;
    const [api, raw] = await timeSideBySide(size.runs, () => get(url), viaPg(type, search));
    if (!api || !raw) throw new Error('no samples');
    return {
      tab: search ? `${type}, search "${search}"` : type,
      api_p50_ms: round(api.p50),
      api_p99_ms: round(api.p99),
      sql_p50_ms: round(raw.p50),
      sql_p99_ms: round(raw.p99),
      ratio_p99: round(api.p99 / raw.p99, 1),
    };
  };
  const all = await measure('all');
  const tabs = [all];
  for (const type of ['unreplied', 'favorites', 'vip', 'sent', 'recent', 'online'] as const)
    tabs.push(await measure(type));
  // One fan by name (few match: trigram index), and a common fragment (the list index in order).
  tabs.push(await measure('all', `fan-${Math.ceil(size.inbox / 3)}-`));
  tabs.push(await measure('all', 'fan'));
  const [totals] = await timeSideBySide(size.runs, () => get('/v1/chats/total'));
  if (!totals) throw new Error('no samples');
  return {
    summary: {
      chats: size.chats,
      inbox: size.inbox,
      seed_s: round(seeded / 1000, 1),
      list_api_p99_ms: all.api_p99_ms,
      list_sql_p99_ms: all.sql_p99_ms,
      list_ratio_p99: all.ratio_p99,
      totals_p50_ms: round(totals.p50),
      totals_p99_ms: round(totals.p99),
    },
    tabs,
  };
}
