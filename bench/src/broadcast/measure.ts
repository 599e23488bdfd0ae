import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/src/db/rows';
import { ms, round, summarise } from '../stats';
import type { Cove } from '../system';
import { clock } from './clock';
import type { Order, SendSample } from './clients';
import { seedAudience } from './seed';

export interface BroadcastSize {
  /** The creator's chats, all of which the broadcast reaches. */
  chats: number;
  /** Of those fans, this many hold a socket open. */
  online: number;
  /** Other fans and creators chatting during the broadcast, and their sends per second. */
  chatters: number;
  rate: number;
  /** The broadcast is canceled if not written by then, so a slow writer cannot hold the run for long. */
  limitS: number;
}

const IDLE_SECONDS = 3;
const MARKER = 'Broadcast to everyone';

type Request = Order extends infer O ? (O extends { id: number } ? Omit<O, 'id'> : never) : never;

/** A process that holds the clients' ends (clients.ts); answers are matched to orders by id. */
class Clients {
  private readonly child: ChildProcess = fork(join(__dirname, 'broadcast-clients.js'), { stdio: 'inherit' });
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor() {
    this.child.on('message', (m: { id: number; result?: unknown; failed?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.failed === undefined) w?.resolve(m.result);
      else w?.reject(new Error(`clients failed: ${m.failed}`));
    });
  }

  run<T>(order: Request): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...order, id });
    });
  }

  exit(): void {
    this.child.send({ kind: 'exit', id: -1 });
  }
}

async function rows<T>(cove: Cove, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await cove.db.execute(query));
}

/** Other fans in chats with other creators, with credits for their sends (as the sends benchmark). */
async function chatters(cove: Cove, count: number) {
  const creators = await Promise.all(
    Array.from({ length: Math.max(1, count / 5) }, () => cove.user('featured')),
  );
  const fans = [];
  for (let i = 0; i < count; i++) {
    const fan = await cove.user('user', 100_000);
    const creator = creators[i % creators.length];
    if (!creator) throw new Error('no creator');
    await cove.openChat(fan.token, creator.row.id);
    fans.push({ token: fan.token, recipient: creator.row.id });
  }
  return fans;
}

/**
 * Waits until the broadcast is sent, or until `deadline` (ms on the shared clock): then it is
 * canceled in its row (the job's next batch sees that and stops), and the answer says when the
 * batch under way ended.
 */
async function sentWithin(cove: Cove, id: string, deadline: number) {
  while (clock() < deadline) {
    const [b] = await rows<{ status: string }>(cove, sql`select status from broadcasts where id = ${id}`);
    if (b?.status === 'sent') return { finished: true, at: NaN };
    await new Promise((r) => setTimeout(r, 50));
  }
  await cove.db.execute(sql`update broadcasts set status = 'canceled' where id = ${id}`);
  // The batch under way runs to its end; the baseline is timed after it.
  for (;;) {
    const active = await rows(
      cove,
      sql`select 1 from pgboss.job where name = 'broadcasts' and data->>'broadcastId' = ${id}::text
        and state = 'active'`,
    );
    if (active.length === 0) return { finished: false, at: clock() };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The broadcast's timeline from the database: accepted, job started, each batch's start, finished. */
async function timeline(cove: Cove, id: string, stoppedAt: number | null) {
  const [b] = await rows<{ created: number; started: number | null; finished: number; sent: number }>(
    cove,
    sql`select extract(epoch from b.created_at) * 1000 as created,
        (select extract(epoch from j.started_on) * 1000 from pgboss.job j
          where j.name = 'broadcasts' and j.data->>'broadcastId' = ${id}::text order by j.started_on limit 1) as started,
        extract(epoch from b.finished_at) * 1000 as finished,
        (select count(message_id)::int from broadcast_recipients where broadcast_id = b.id) as sent
      from broadcasts b where b.id = ${id}`,
  );
  if (!b) throw new Error('broadcast vanished');
  // Each batch stamps its messages with the time it began (migration 0017).
  const batches = await rows<{ at: number; n: number }>(
    cove,
    sql`select extract(epoch from created_at) * 1000 as at, count(*)::int as n from messages
      where send_id like ${`broadcast:${id}:%`} group by created_at order by created_at`,
  );
  const starts = batches.map((x) => Number(x.at));
  const end = stoppedAt ?? Number(b.finished);
  // Canceled: the last batch ended when its job did.
  const ends = [...starts.slice(1), end];
  const durations = starts.map((s, i) => (ends[i] ?? s) - s).sort((a, z) => a - z);
  return {
    created: Number(b.created),
    started: b.started === null ? NaN : Number(b.started),
    firstBatch: starts[0] ?? NaN,
    finished: end,
    sent: b.sent,
    batches: durations,
  };
}

/** The baseline: the same rows in one set-based INSERT ... SELECT, nothing else. */
async function rawInsert(cove: Cove, creatorId: string) {
  await cove.db.execute(sql`checkpoint`);
  const start = process.hrtime.bigint();
  await cove.db.execute(sql`
    insert into messages (chat_id, sender_id, recipient_id, type, text, send_id, created_at)
    select chat_id, user_id, other_id, 'text', ${MARKER}, 'raw:' || other_id, now()
    from chat_members where user_id = ${creatorId}`);
  return ms(start);
}

/**
 * A creator broadcasts to all of `size.chats` chats while `size.online` of the fans hold sockets and
 * other users chat: the send's answer, the time until every message is written with its counters and
 * events (against one raw INSERT ... SELECT of the same rows), delivery to the online fans after the
 * answer, and other users' send latency during the broadcast against the same load idle.
 */
export async function broadcastBench(cove: Cove, size: BroadcastSize) {
  const seedStart = process.hrtime.bigint();
  const { creator, urls } = await seedAudience(cove, size.chats, size.online);
  const seeded = ms(seedStart);
  const others = await chatters(cove, size.chatters);
  const base = `http://127.0.0.1:${cove.port}`;
  const clients = new Clients();
  try {
    const opened = await clients.run<number>({ kind: 'open', urls, marker: MARKER });
    // Not counted: a second of warm-up, then the idle figure.
    const load = (tag: string) =>
      clients.run<{ samples: SendSample[]; failed: number }>({
        kind: 'sends',
        base,
        fans: others,
        rate: size.rate,
        tag,
      });
    const stopAfter = async (seconds: number) => {
      await new Promise((r) => setTimeout(r, seconds * 1000));
      await clients.run({ kind: 'stop-sends' });
    };
    await Promise.all([load('warm'), stopAfter(1)]);
    const [idle] = await Promise.all([load('idle'), stopAfter(IDLE_SECONDS)]);

    const during = load('during');
    const posted = clock();
    const res = await fetch(`${base}/v1/broadcast/send`, {
      method: 'POST',
      headers: { 'access-token': creator.token, 'content-type': 'application/json' },
      body: JSON.stringify({ text: MARKER, send_id: `bench-${posted}` }),
    });
    const accepted = clock();
    if (!res.ok) throw new Error(`broadcast refused: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    const { finished, at } = await sentWithin(cove, id, accepted + size.limitS * 1000);
    await clients.run({ kind: 'stop-sends' });
    const busy = await during;
    const arrivals = await clients.run<number[]>({ kind: 'arrivals', limitMs: finished ? 20_000 : 0 });
    const t = await timeline(cove, id, finished ? null : at);
    const raw = await rawInsert(cove, creator.row.id);

    const idleSends = summarise(idle.samples.map((s) => s.ms));
    // Only sends posted while the broadcast was being written count as "during".
    const busySends = summarise(
      busy.samples.filter((s) => s.at >= accepted && s.at <= t.finished).map((s) => s.ms),
    );
    // A socket the message never reached counts as infinitely late.
    const late = Array.from({ length: opened - arrivals.length }, () => Infinity);
    const delivery = summarise([...arrivals.map((a) => a - accepted), ...late]);
    const writing = t.finished - t.started;
    // When canceled at the limit, the whole write is projected from the rate it had reached.
    const whole = finished ? writing : (writing * size.chats) / Math.max(1, t.sent);
    return {
      chats: size.chats,
      sent: t.sent,
      finished,
      sockets: opened,
      seed_s: round(seeded / 1000, 1),
      accept_ms: round(accepted - posted),
      accept_to_persisted_ms: finished ? round(t.finished - accepted, 0) : Infinity,
      job_pickup_ms: round(t.started - t.created, 0),
      resolve_recipients_ms: round(t.firstBatch - t.started, 0),
      writing_ms: round(writing, 0),
      written_per_s: round(t.sent / (writing / 1000), 0),
      batches: t.batches.length,
      batch_p50_ms: round(summarise(t.batches).p50, 0),
      batch_max_ms: round(t.batches[t.batches.length - 1] ?? NaN, 0),
      raw_insert_ms: round(raw, 0),
      whole_writing_vs_raw: round(whole / raw, 1),
      delivered: arrivals.length,
      delivery_p50_ms: round(delivery.p50, 0),
      delivery_p99_ms: round(delivery.p99, 0),
      chat_send_idle_p99_ms: round(idleSends.p99),
      chat_send_during_p99_ms: round(busySends.p99),
      chat_send_during_n: busySends.n,
      chat_send_ratio_p99: round(busySends.p99 / idleSends.p99, 1),
      chat_send_failed: idle.failed + busy.failed,
    };
  } finally {
    clients.exit();
  }
}
