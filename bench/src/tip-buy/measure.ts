import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/src/db/rows';
import { ClientProcess } from '../client-process';
import { ms, round, summarise } from '../stats';
import type { Cove } from '../system';
import type { Call, Order, RunResult } from './clients';

export interface TipBuySize {
  fans: number;
  creators: number;
  /** Tips, and unlocks, measured (each as many again before, to warm up, not counted). */
  calls: number;
  /** Concurrent callers: kept-alive connections to the API, pooled connections for the baseline. */
  connections: number;
}

const TIP = 5;
const PRICE = 5;

/** A fan and the chat they have with their creator. */
interface Pair {
  fan: { id: string; token: string };
  creator: string;
  chat: string;
}

/** Each fan's share of `total` calls, in turn: the calls of many fans interleave. */
function interleave<T>(pairs: Pair[], total: number, make: (pair: Pair, k: number) => T): T[] {
  return Array.from({ length: total }, (_, i) => {
    const pair = pairs[i % pairs.length];
    if (!pair) throw new Error('no fans');
    return make(pair, Math.floor(i / pairs.length));
  });
}

/**
 * `total` paid messages written in SQL, from each fan's creator to the fan, in turn as `interleave`
 * would call them; the calls that buy them. Only the rows `buy_message` reads: the chat and its members exist.
 */
async function paidMessages(cove: Cove, pairs: Pair[], total: number): Promise<Call[]> {
  const perFan = Math.ceil(total / pairs.length);
  const ids = new Map<string, number[]>();
  for (const p of pairs) {
    const rows = rowsOf<{ id: string }>(
      await cove.db
        .execute(sql`insert into messages (chat_id, sender_id, recipient_id, type, text, price, send_id)
        select ${p.chat}, ${p.creator}, ${p.fan.id}, 'text', 'a secret ' || g, ${PRICE},
          ${`bench-paid-${p.fan.id}-`} || g
        from generate_series(1, ${perFan}) g returning id`),
    );
    ids.set(
      p.fan.id,
      rows.map((r) => Number(r.id)),
    );
  }
  return interleave(pairs, total, (p, k) => ({
    path: `/v1/messages/${ids.get(p.fan.id)?.[k] ?? 0}/buy`,
    token: p.fan.token,
    body: {},
  }));
}

/**
 * The baseline: the ledger rows of a charge and nothing else, one statement each (a transaction and
 * its three entries: the fan's credits, with their cached balance and CHECK, the creator's earnings,
 * the platform's revenue; the balance check at commit), `connections` at a time through the server's
 * pool, closed loop like the API's clients.
 */
async function rawCharges(cove: Cove, pairs: Pair[], total: number, connections: number) {
  const account = async (owner: string | null, kind: string) =>
    rowsOf<{ id: string }>(await cove.db.execute(sql`select ledger_account(${owner}, ${kind}) as id`))[0]?.id;
  const platform = await account(null, 'platform_revenue');
  const accounts = new Map<string, { fan?: string; creator?: string }>();
  for (const p of pairs)
    accounts.set(p.fan.id, {
      fan: await account(p.fan.id, 'credits'),
      creator: await account(p.creator, 'earnings'),
    });
  const calls = interleave(pairs, total, (p) => accounts.get(p.fan.id));
  const latency: number[] = [];
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < calls.length) {
        const a = calls[next++];
        const at = process.hrtime.bigint();
        await cove.db.execute(sql`with t as (
            insert into ledger_transactions (kind, idempotency_key) values ('bench', ${randomUUID()}) returning id)
          insert into ledger_entries (transaction_id, account_id, amount)
          select t.id, e.account_id, e.amount from t, (values
            (${a?.fan}::uuid, ${-TIP}::bigint), (${a?.creator}::uuid, ${TIP - 1}::bigint),
            (${platform}::uuid, 1::bigint)) as e(account_id, amount)`);
        latency.push(ms(at));
      }
    }),
  );
  return { per_s: total / (ms(start) / 1000), ...summarise(latency) };
}

const row = (
  what: string,
  r: Pick<RunResult, 'per_s' | 'p50' | 'p99'>,
  raw?: { per_s: number; p99: number },
) => ({
  what,
  per_s: round(r.per_s, 0),
  p50_ms: round(r.p50),
  p99_ms: round(r.p99),
  ...(raw ? { throughput_vs_raw: round(r.per_s / raw.per_s, 2), p99_vs_raw: round(r.p99 / raw.p99, 1) } : {}),
});

/**
 * Tips (`POST /v1/messages/tip`) and unlocks (`PATCH /v1/messages/:id/buy`) through the HTTP API, from a
 * client process holding `connections` kept-alive connections, closed loop, many fans to a few
 * creators; against the raw ledger rows of the same charges through `pg` in the same run. Each API
 * call is one database function (`tip_message`, `buy_message`) after authentication, in a transaction
 * with its auto-message trigger.
 */
export async function tipBuyBench(cove: Cove, size: TipBuySize) {
  const perFan = Math.ceil((2 * size.calls) / size.fans) + 1;
  const creators = await Promise.all(Array.from({ length: size.creators }, () => cove.user('featured')));
  const pairs: Pair[] = [];
  for (let i = 0; i < size.fans; i++) {
    const { row, token } = await cove.user('user', perFan * (TIP + PRICE) * 2);
    const creator = creators[i % creators.length];
    if (!creator) throw new Error('no creator');
    pairs.push({
      fan: { id: row.id, token },
      creator: creator.row.id,
      chat: await cove.openChat(token, creator.row.id),
    });
  }
  const tips = (n: number): Call[] =>
    interleave(pairs, n, (p) => ({
      path: '/v1/messages/tip',
      token: p.fan.token,
      body: { chat_id: p.chat, amount: TIP, send_id: randomUUID() },
    }));
  const buys = await paidMessages(cove, pairs, 2 * size.calls);
  const base = `http://127.0.0.1:${cove.port}`;
  const clients = new ClientProcess<Order>('tip-buy-clients.js');
  const run = (method: 'POST' | 'PATCH', calls: Call[]) =>
    clients.run<RunResult>({ kind: 'run', base, method, calls, connections: size.connections });
  try {
    // Not counted: the first calls grow the pools and compile the hot paths.
    await run('POST', tips(size.calls));
    await run('PATCH', buys.slice(0, size.calls));
    await rawCharges(cove, pairs, size.calls, size.connections);
    const raw = await rawCharges(cove, pairs, size.calls, size.connections);
    const tipped = await run('POST', tips(size.calls));
    const bought = await run('PATCH', buys.slice(size.calls));
    const failed = { ...tipped.failures, ...bought.failures };
    return {
      fans: size.fans,
      creators: size.creators,
      connections: size.connections,
      calls: size.calls,
      ...(Object.keys(failed).length > 0 ? { failures: JSON.stringify(failed) } : {}),
      rows: [row('raw ledger charge', raw), row('tip_message', tipped, raw), row('buy_message', bought, raw)],
    };
  } finally {
    clients.exit();
  }
}
