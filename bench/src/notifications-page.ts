import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/rows';
import { ms, round, summarise } from './stats';
import type { Cove } from './system';

export interface NotificationsSize {
  /** Records of the measured person. */
  records: number;
  /** Timed requests per round. */
  runs: number;
  /** Rounds, for the spread of the figures. */
  rounds: number;
}

/** The share of records still unread. */
const UNREAD_SHARE = 0.1;

interface PgPool {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * The first page of a person with `size.records` notifications, through the API against the same
 * page and unread count sent as raw SQL through `pg`, timed side by side, round after round.
 */
export async function notificationsPageBench(cove: Cove, size: NotificationsSize) {
  const me = await cove.user('featured');
  const seedStart = process.hrtime.bigint();
  await cove.db.execute(sql`
    insert into notifications (user_id, kind, amount, url, read_at, created_at)
    select ${me.row.id}, 'tip', 100, '/chats/x', case when random() < ${UNREAD_SHARE} then null else now() end,
      now() - g * interval '1 second'
    from generate_series(1, ${size.records}) g`);
  await cove.db.execute(sql`vacuum analyze notifications`);
  await cove.db.execute(sql`checkpoint`);
  const seeded = ms(seedStart);

  const base = `http://127.0.0.1:${cove.port}`;
  const headers = { 'access-token': me.token };
  const api = async () => {
    const res = await fetch(`${base}/v1/notifications?limit=20`, { headers });
    if (!res.ok) throw new Error(`notifications: ${res.status}`);
    return res.json();
  };
  const pool = (cove.db as unknown as { $client: PgPool }).$client;
  const raw = () =>
    Promise.all([
      pool.query(
        `select id, kind, actor_id, amount, count, chat_id, post_id, detail, url, read_at, created_at
         from notifications where user_id = $1 order by created_at desc, id desc limit 21`,
        [me.row.id],
      ),
      pool.query(`select count(*) from notifications where user_id = $1 and read_at is null`, [me.row.id]),
    ]);
  const [unread] = rowsOf<{ n: number }>(
    await cove.db.execute(
      sql`select count(*)::int as n from notifications where user_id = ${me.row.id} and read_at is null`,
    ),
  );

  const rounds = [];
  for (let r = 0; r < size.rounds; r++) {
    for (let i = 0; i < 5; i++) await Promise.all([api(), raw()]);
    const samples: [number[], number[]] = [[], []];
    for (let i = 0; i < size.runs; i++) {
      for (const [k, job] of [api, raw].entries()) {
        const start = process.hrtime.bigint();
        await job();
        samples[k]?.push(ms(start));
      }
    }
    const [a, b] = samples.map(summarise);
    if (!a || !b) throw new Error('no samples');
    rounds.push({
      round: r + 1,
      api_p50_ms: round(a.p50),
      api_p99_ms: round(a.p99),
      sql_p50_ms: round(b.p50),
      sql_p99_ms: round(b.p99),
      ratio_p99: round(a.p99 / b.p99, 1),
    });
  }
  const p99s = rounds.map((r) => r.api_p99_ms).sort((x, y) => x - y);
  const ratios = rounds.map((r) => r.ratio_p99).sort((x, y) => x - y);
  return {
    summary: {
      records: size.records,
      unread: unread?.n ?? 0,
      seed_s: round(seeded / 1000, 1),
      api_p99_ms_min: p99s[0],
      api_p99_ms_median: p99s[Math.floor(p99s.length / 2)],
      api_p99_ms_max: p99s.at(-1),
      ratio_p99_min: ratios[0],
      ratio_p99_median: ratios[Math.floor(ratios.length / 2)],
      ratio_p99_max: ratios.at(-1),
    },
    rounds,
  };
}
