import { sql } from 'drizzle-orm';
import { ms, round, timeSideBySide } from './stats';
import type { Cove } from './system';

export interface DiscoverSize {
  /** Creators in the database. */
  creators: number;
  /** Timed requests per figure. */
  runs: number;
}

/** Shares of creators online now, seen within 72 hours, and featured by staff. */
const ONLINE = 0.01;
const RECENT = 0.3;
const FEATURED = 0.2;

interface PgPool {
  query(text: string): Promise<unknown>;
}

/**
 * Discover's first page over `size.creators` creators (set-based SQL: presence, activity, time zones
 * and genders spread at random; the database works out each rank as the rows go in) through the API,
 * against the bare index query of the same page sent through `pg`, timed side by side, for each tab.
 */
export async function discoverPageBench(cove: Cove, size: DiscoverSize) {
  const fan = await cove.user('user');
  const seedStart = process.hrtime.bigint();
  await cove.db.execute(sql`
    insert into users (email, username, type, gender, discover_status, is_online, last_online,
      recent_activity, utc_offset, bio)
    select 'dc' || g || '@bench.test', 'dc-' || g, 'featured',
      (array['male', 'female', 'trans'])[1 + g % 3]::text,
      case when random() < ${FEATURED} then 'featured' else 'hidden' end,
      random() < ${ONLINE},
      now() - case when random() < ${RECENT} then random() * interval '72 hours' else random() * interval '90 days' end,
      (random() * random() * 200)::int, ((g % 27) - 12) * 60, 'Creator ' || g
    from generate_series(1, ${size.creators}) g`);
  await cove.db.execute(sql`update users set utc_offset = 60 where id = ${fan.row.id}`);
  await cove.db.execute(sql`vacuum analyze users`);
  await cove.db.execute(sql`checkpoint`);
  const seeded = ms(seedStart);

  const base = `http://127.0.0.1:${cove.port}`;
  const headers = { 'access-token': fan.token };
  const get = (query: string) => async () => {
    const res = await fetch(`${base}/v1/users/discover?${query}`, { headers });
    if (!res.ok) throw new Error(`discover ${query}: ${res.status}`);
    return res.json();
  };
  // drizzle's node-postgres pool: the page straight from the index, nothing of Cove in between.
  const pool = (cove.db as unknown as { $client: PgPool }).$client;
  const bare = () =>
    pool.query(`select * from users where type = 'featured'
      order by discover_rank desc, username, id limit 20`);
  const tabs = [
    ['Featured', 'featured=true'],
    ['Everyone', 'featured=false'],
    ['Nearby', 'featured=false&type=near'],
    ['Everyone, women', 'featured=false&gender=female'],
    ['Everyone, page 50', 'featured=false&offset=980'],
    ['Search "dc-4242"', 'featured=false&q=dc-4242'],
  ] as const;
  const rows = [];
  for (const [tab, query] of tabs) {
    const [api, raw] = await timeSideBySide(size.runs, get(query), bare);
    if (!api || !raw) throw new Error('no samples');
    rows.push({
      tab,
      api_p50_ms: round(api.p50),
      api_p99_ms: round(api.p99),
      bare_p99_ms: round(raw.p99),
      ratio_p99: round(api.p99 / raw.p99, 1),
    });
  }
  const first = rows[0];
  return {
    summary: {
      creators: size.creators,
      seed_s: round(seeded / 1000, 1),
      featured_api_p99_ms: first?.api_p99_ms,
      featured_ratio_p99: first?.ratio_p99,
      worst_api_p99_ms: Math.max(...rows.map((r) => r.api_p99_ms)),
    },
    rows,
  };
}
