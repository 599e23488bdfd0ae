import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../src/auth/tokens';
import { rowsOf } from '../../src/db/rows';
import { readyPhoto, seedFanChats } from '../helpers/broadcast-world';
import { grantCredits } from '../helpers/chats';
import { ledgerViolations, noViolations } from '../helpers/payment-invariants';
import { serverProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';
import { seededRandom } from '../helpers/seeded-random';

// The real server in its own process writes paid photo broadcasts to 10,000 fans while a few fans
// buy theirs, and is killed with SIGKILL at a random moment after each start, KILLS times over,
// restarting on the same database and DATA_DIR. Whenever a broadcast is sent the creator sends the
// next, so every kill can land in the middle of one. At the end each recipient has exactly one
// message of each broadcast and each buyer paid for it at most once.
const KILLS = Number(process.env.BROADCAST_CRASH_KILLS ?? 10);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FANS = 10_000;
const BUYERS = 6;
/** Concurrent buy lanes per buyer, so one fan's buys race one another too. */
const LANES = 2;
/** Fans with credits who buy nothing: their balances must not move. */
const BYSTANDERS = 20;
const PRICE = 50;
const BUYER_CREDITS = 100_000;

const { next: random } = seededRandom(SEED);

interface Person {
  id: string;
  token: string;
}
interface Broadcast {
  sendId: string;
  mediaId: string;
  /** Known once the send was answered (or found by its send id after a lost answer). */
  id?: string;
}

let database: TestDatabase;
let server: ServerProcess;
let creator: Person;
let buyers: Person[];
const broadcasts: Broadcast[] = [];
const killedAfterMs: number[] = [];
/** Recipients written (over all broadcasts) at each kill: shows the kills landed mid-write. */
const writtenAtKill: number[] = [];
/** Broadcast jobs a kill left 'active' (they expire in an hour): the next start did not wait for them. */
let stranded = 0;
let boughtAnswers = 0;
let started = 0;

async function rowsFrom<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

async function call(who: Person, method: 'GET' | 'POST' | 'PATCH', path: string, body?: object) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'access-token': who.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const statusOf = async (id: string) =>
  (await rowsFrom<{ status: string }>(sql`select status from broadcasts where id = ${id}`))[0]?.status;

/**
 * The creator's side: sends the next broadcast once the last is sent. A send whose answer a kill
 * lost is sent again with the same send id at the next start, and answers the first.
 */
async function broadcasting(down: () => boolean) {
  while (!down()) {
    const last = broadcasts.at(-1);
    if (last?.id && (await statusOf(last.id)) !== 'sent') {
      await sleep(50);
      continue;
    }
    const next: Broadcast =
      last && !last.id ? last : { sendId: randomUUID(), mediaId: await readyPhoto(database.db, creator.id) };
    if (next !== last) broadcasts.push(next);
    const res = await call(creator, 'POST', '/v1/broadcast/send', {
      type: 'image',
      media_id: next.mediaId,
      text: `Photo ${broadcasts.length}`,
      price: PRICE,
      send_id: next.sendId,
    });
    if (res.status !== 200) throw new Error(`broadcast refused: ${res.status} ${JSON.stringify(res.json)}`);
    next.id = (res.json.data as { _id: string })._id;
  }
}

/**
 * A buyer's lane: buys their message of every broadcast once it is written to them; with `untilAll`,
 * stops once nothing is left to buy.
 */
async function buying(buyer: Person, down: () => boolean, untilAll = false) {
  while (!down()) {
    const open = await rowsFrom<{ id: string }>(sql`select m.id::text from messages m
      where m.recipient_id = ${buyer.id} and m.send_id like 'broadcast:%' and m.price > 0
        and not exists (select 1 from purchases p where p.message_id = m.id and p.buyer_id = ${buyer.id})`);
    const message = open[Math.floor(random() * open.length)];
    if (!message) {
      if (untilAll) return;
      await sleep(50 + Math.floor(random() * 100));
      continue;
    }
    const res = await call(buyer, 'PATCH', `/v1/messages/${message.id}/buy`);
    // 409: the buyer's other lane bought it first.
    if (res.status !== 200 && !(res.status === 409 && res.json.code === 'already_purchased'))
      throw new Error(`buy refused: ${res.status} ${JSON.stringify(res.json)}`);
    if (res.status === 200) boughtAnswers++;
  }
}

/** Each start resumes the broadcasts a kill left, whatever their jobs say (src/broadcasts/resume.ts). */
async function start() {
  await server.start();
  started++;
}

/** Creator and buyers work until the server is killed, a random 50–1500 ms after its start. */
async function windowWithKill(round: number) {
  const killAt = 50 + Math.floor(random() * 1450);
  killedAfterMs.push(killAt);
  let killed: Promise<void> | undefined;
  const timer = setTimeout(() => {
    killed = server.crash();
  }, killAt);
  const down = () => killed !== undefined;
  // Only the kill may fail a request.
  const untilKilled = (work: Promise<void>) =>
    work.catch((err: unknown) => {
      if (!down()) throw new Error(`round ${round}: ${String(err)}`);
    });
  try {
    await Promise.all([
      untilKilled(broadcasting(down)),
      ...buyers.flatMap((b) => Array.from({ length: LANES }, () => untilKilled(buying(b, down)))),
    ]);
  } finally {
    clearTimeout(timer);
    await (killed ?? server.crash());
  }
  const [written] = await rowsFrom<{ n: number }>(
    sql`select count(message_id)::int as n from broadcast_recipients`,
  );
  writtenAtKill.push(written?.n ?? 0);
}

async function allSent(ms: number) {
  for (const until = Date.now() + ms; ; await sleep(200)) {
    const left = await rowsFrom(sql`select b.id, b.status,
        (select count(*)::int from broadcast_recipients r where r.broadcast_id = b.id and r.message_id is null) as left,
        (select jsonb_agg(jsonb_build_object('state', j.state, 'retries', j.retry_count, 'start_after', j.start_after))
          from pgboss.job j where j.name = 'broadcasts' and j.data->>'broadcastId' = b.id::text) as jobs
      from broadcasts b where b.status <> 'sent'`);
    if (left.length === 0) return;
    if (Date.now() > until) throw new Error(`not sent after ${ms} ms: ${JSON.stringify(left)}`);
  }
}

beforeAll(
  async () => {
    database = await createTestDatabase();
    server = await serverProcess(database.url);
    const { user, token } = await signedInUser(database.db, {
      type: 'featured',
      creditRate: 0,
      introEnabled: false,
      features: { broadcast: true },
    });
    creator = { id: user.id, token };
    const fans = await seedFanChats(database.db, creator.id, FANS);
    buyers = [];
    for (const [i, id] of fans.slice(0, BUYERS + BYSTANDERS).entries()) {
      await grantCredits(database.db, id, i < BUYERS ? BUYER_CREDITS : 500);
      if (i < BUYERS) buyers.push({ id, token: await issueAccessToken(database.db, id) });
    }

    for (let round = 1; round <= KILLS; round++) {
      await start();
      await windowWithKill(round);
    }
    await start();
    // A send whose answer the last kill lost is sent again, as its client would.
    const last = broadcasts.at(-1);
    if (last && !last.id) await broadcasting(() => last.id !== undefined);
    await allSent(120_000);
    const [left] = await rowsFrom<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'broadcasts' and state = 'active'`,
    );
    stranded = left?.n ?? 0;
    // The last broadcast's messages are bought too, the server up throughout.
    await Promise.all(buyers.map((b) => buying(b, () => false, true)));
  },
  120_000 + KILLS * 30_000,
);
afterAll(async () => {
  await server?.dispose();
  await database?.close();
});

const context = () =>
  `CRASH_SEED=${SEED}, ${KILLS} kills after ${killedAfterMs.join('/')} ms, ${started} starts, ` +
  `${broadcasts.length} broadcasts, ${stranded} stranded jobs, ${boughtAnswers} buys answered, ` +
  `written at each kill ${writtenAtKill.join('/')}`;

describe(`broadcasts to ${FANS} fans through SIGKILLs of the server`, () => {
  it('sends every broadcast, with one message per recipient and no fan given two', async () => {
    process.stdout.write(`${context()}\n`);
    const per = await rowsFrom<{ id: string; status: string; recipients: number; written: number }>(sql`
      select b.id, b.status, count(r.*)::int as recipients, count(r.message_id)::int as written
      from broadcasts b left join broadcast_recipients r on r.broadcast_id = b.id group by b.id`);
    expect(per).toHaveLength(broadcasts.length);
    for (const b of per)
      expect({ ...b, id: '' }).toEqual({ id: '', status: 'sent', recipients: FANS, written: FANS });
    // The recipient row's message is that fan's, in their chat, with the broadcast's send id; and no
    // other message of the broadcast exists.
    const wrong = await rowsFrom(sql`select r.broadcast_id, r.fan_id, m.id from broadcast_recipients r
      left join messages m on m.id = r.message_id
      where m.id is null or m.recipient_id <> r.fan_id or m.chat_id <> r.chat_id
        or m.send_id <> 'broadcast:' || r.broadcast_id || ':' || r.fan_id or m.deleted_at is not null`);
    expect({ context: context(), wrong }).toEqual({ context: context(), wrong: [] });
    const twice = await rowsFrom(sql`select send_id, count(*)::int as n from messages
      where send_id like 'broadcast:%' group by send_id having count(*) > 1`);
    expect(twice).toEqual([]);
    const [total] = await rowsFrom<{ n: number }>(
      sql`select count(*)::int as n from messages where sender_id = ${creator.id}`,
    );
    expect(total?.n).toBe(FANS * broadcasts.length);
    const done = await rowsFrom<{
      broadcast_id: string;
      n: number;
    }>(sql`select payload->>'broadcast_id' as broadcast_id,
        count(*)::int as n from user_events where user_id = ${creator.id} and type = 'broadcast_done' group by 1`);
    expect(done.map((d) => d.n)).toEqual(broadcasts.map(() => 1));
    const [me] = await rowsFrom<{ is_broadcasting: boolean }>(
      sql`select is_broadcasting from users where id = ${creator.id}`,
    );
    expect(me?.is_broadcasting).toBe(false);
  });

  it('charges each buyer once per broadcast message and moves no one else’s credits', async () => {
    const bought = await rowsFrom<{ buyer_id: string; n: number; distinct_messages: number }>(sql`
      select p.buyer_id, count(*)::int as n, count(distinct p.message_id)::int as distinct_messages
      from purchases p group by p.buyer_id order by p.buyer_id`);
    expect(bought).toEqual(
      buyers
        .map((b) => ({ buyer_id: b.id, n: broadcasts.length, distinct_messages: broadcasts.length }))
        .sort((x, y) => (x.buyer_id < y.buyer_id ? -1 : 1)),
    );
    const charged = await rowsFrom(sql`select reference->>'message_id' as message_id, count(*)::int as n
      from ledger_transactions where kind = 'purchase' group by 1 having count(*) > 1`);
    expect(charged).toEqual([]);
    // Each fan's credits are what they were granted less the prices of what they bought.
    const off = await rowsFrom(sql`with fan as (
        select a.owner_id,
          (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)::int as held,
          (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
            where e.account_id = a.id and t.kind = 'test_grant')::int
            - (select coalesce(sum(p.price), 0) from purchases p where p.buyer_id = a.owner_id)::int as expected
        from ledger_accounts a where a.kind = 'credits' and a.owner_id <> ${creator.id})
      select * from fan where held <> expected`);
    expect(off).toEqual([]);
    expect({ context: context(), ...(await ledgerViolations(database.db)) }).toEqual({
      context: context(),
      ...noViolations,
    });
  });

  it('keeps every event log gapless (1..n) and its counter at its last event', async () => {
    const broken = await rowsFrom(sql`select s.user_id, s.last_seq, e.n, e.lo, e.hi from user_event_seqs s
      left join lateral (select count(*)::int as n, count(distinct seq)::int as d, min(seq)::int as lo,
        max(seq)::int as hi from user_events e where e.user_id = s.user_id) e on true
      where e.n <> e.d or e.lo <> 1 or e.hi <> e.n or e.hi <> s.last_seq`);
    expect(broken).toEqual([]);
  });

  it('shows stats equal to the rows: sent the recipients with a message, bought their purchases', async () => {
    const res = await call(creator, 'GET', `/v1/broadcast?limit=${Math.max(broadcasts.length, 1)}`);
    expect(res.status).toBe(200);
    const stats = (res.json.data as { _id: string; sent: number; bought: number }[]).map((b) => ({
      _id: b._id,
      sent: b.sent,
      bought: b.bought,
    }));
    const counted = await rowsFrom<{ _id: string; sent: number; bought: number }>(sql`
      select b.id as "_id",
        (select count(*)::int from broadcast_recipients r join messages m on m.id = r.message_id
          where r.broadcast_id = b.id) as sent,
        (select count(*)::int from broadcast_recipients r join purchases p on p.message_id = r.message_id
          where r.broadcast_id = b.id) as bought
      from broadcasts b order by b.created_at desc, b.id desc`);
    expect(stats).toEqual(counted);
    expect(counted.map((c) => [c.sent, c.bought])).toEqual(broadcasts.map(() => [FANS, BUYERS]));
  });
});
