import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { seedFanChats } from '../helpers/broadcast-world';
import { seededRandom } from '../helpers/seeded-random';
import { serverProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';

// A broadcast accepted is a broadcast written. The real server in its own process answers
// `POST /v1/broadcast/send` and is killed with SIGKILL a seeded-random 0–100 ms later (every fourth
// round 100–1,000 ms): before its worker took the job, after it took it but before the row turned
// `sending`, or mid-write. Restarted on the same database, the server writes the whole broadcast,
// one copy per recipient, within WRITTEN_WITHIN_MS of being ready. Meanwhile a broadcast scheduled a
// few seconds ahead fires at its time, one scheduled an hour ahead waits, and a canceled one stays so.
const ROUNDS = Number(process.env.BROADCAST_KILL_ROUNDS ?? 14);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FANS = 1_000;
/** From the restarted server being ready to every recipient having their copy (seconds, not the hour of before; room for a loaded CI machine). */
const WRITTEN_WITHIN_MS = 10_000;
/** When the scheduled broadcast is due: within the rounds, so kills and restarts surround it. */
const DUE_IN_MS = 8_000;

const random = seededRandom(SEED);

let database: TestDatabase;
let server: ServerProcess;
let token: string;

interface Round {
  id: string;
  killedAfterMs: number;
  /** Where the kill found it: its row's status and its job's state. */
  atKill: string;
  /** From ready to written; null when it was not written within WRITTEN_WITHIN_MS. */
  writtenAfterMs: number | null;
  retryAnswered: string;
}
const rounds: Round[] = [];
let due: { id: string; at: Date };
let ahead: string;
let canceled: string;

async function rowsFrom<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

async function call(method: 'POST' | 'DELETE', path: string, body?: object) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data?: { _id: string; status: string } };
  if (res.status !== 200 || !json.data)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const send = (sendId: string, extra: object = {}) =>
  call('POST', '/v1/broadcast/send', { text: 'Hello all', send_id: sendId, ...extra });

/** The broadcast's status, its recipients with a message, and its messages (copies over all fans). */
async function progressOf(id: string) {
  const [row] = await rowsFrom<{ status: string; written: number; copies: number; fans: number }>(sql`
    select b.status,
      (select count(message_id)::int from broadcast_recipients r where r.broadcast_id = b.id) as written,
      (select count(*)::int from messages m where m.send_id like 'broadcast:' || b.id || ':%') as copies,
      (select count(distinct m.recipient_id)::int from messages m
        where m.send_id like 'broadcast:' || b.id || ':%') as fans
    from broadcasts b where b.id = ${id}`);
  if (!row) throw new Error(`no broadcast ${id}`);
  return row;
}

async function whereKillFound(id: string): Promise<string> {
  const [row] = await rowsFrom<{ status: string; jobs: string }>(sql`
    select b.status, coalesce(string_agg(j.state::text, '+'), 'no job') as jobs from broadcasts b
    left join pgboss.job j on j.name = 'broadcasts' and j.data->>'broadcastId' = b.id::text
    where b.id = ${id} group by b.status`);
  return `${row?.status}/${row?.jobs}`;
}

/** Polls until the broadcast is sent to every fan; ms from `since`, or null past the bound. */
async function writtenAfter(id: string, since: number): Promise<number | null> {
  for (;;) {
    const p = await progressOf(id);
    if (p.status === 'sent' && p.written === FANS) return Date.now() - since;
    if (Date.now() - since > WRITTEN_WITHIN_MS) return null;
    await sleep(25);
  }
}

async function round(n: number) {
  const killAfter = n % 4 === 0 ? random.int(100, 1000) : random.int(0, 100);
  const sendId = randomUUID();
  const { _id: id } = await send(sendId);
  await sleep(killAfter);
  await server.crash();
  const atKill = await whereKillFound(id);
  await server.start();
  const ready = Date.now();
  // The creator, not knowing whether it went, sends it again: the same broadcast answers.
  const retry = await send(sendId);
  rounds.push({
    id,
    killedAfterMs: killAfter,
    atKill,
    writtenAfterMs: await writtenAfter(id, ready),
    retryAnswered: retry._id === id ? 'same' : retry._id,
  });
}

const context = () =>
  `CRASH_SEED=${SEED}: ` +
  rounds
    .map(
      (r) =>
        `killed ${r.killedAfterMs} ms after the answer at ${r.atKill}, written ${r.writtenAfterMs} ms after ready`,
    )
    .join('; ');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await serverProcess(database.url);
  const { user, token: issued } = await signedInUser(database.db, {
    type: 'featured',
    creditRate: 0,
    introEnabled: false,
    features: { broadcast: true },
  });
  token = issued;
  await seedFanChats(database.db, user.id, FANS);
  await server.start();

  const at = new Date(Date.now() + DUE_IN_MS);
  due = { id: (await send(randomUUID(), { send_at: at.toISOString() }))._id, at };
  ahead = (await send(randomUUID(), { send_at: new Date(Date.now() + 3600_000).toISOString() }))._id;
  // Due before the scheduled one, so its time passes while the rounds go on.
  canceled = (await send(randomUUID(), { send_at: new Date(Date.now() + DUE_IN_MS / 2).toISOString() }))._id;
  await call('DELETE', `/v1/broadcast/${canceled}`);

  for (let n = 1; n <= ROUNDS; n++) await round(n);
}, 300_000);
afterAll(async () => {
  await server?.dispose();
  await database?.close();
});

describe('a broadcast killed at random instants after its answer', () => {
  it('is written whole within seconds of the restart, one copy per recipient, every round', async () => {
    process.stdout.write(`${context()}\n`);
    expect({ context: context(), late: rounds.filter((r) => r.writtenAfterMs === null) }).toEqual({
      context: context(),
      late: [],
    });
    expect(rounds.map((r) => r.retryAnswered)).toEqual(rounds.map(() => 'same'));
    for (const r of rounds)
      expect(await progressOf(r.id)).toEqual({ status: 'sent', written: FANS, copies: FANS, fans: FANS });
    // One `broadcast_done` each: a resumed and an original run never both finished it.
    const done = await rowsFrom<{ id: string; n: number }>(sql`select payload->>'broadcast_id' as id,
      count(*)::int as n from user_events where type = 'broadcast_done' group by 1`);
    expect(rounds.map((r) => done.find((d) => d.id === r.id)?.n)).toEqual(rounds.map(() => 1));
  }, 30_000);

  it('fires the one scheduled meanwhile at its time, once per recipient', async () => {
    // Its time passed during the rounds; a kill may have taken it with the writing.
    const since = Date.now();
    await writtenAfter(due.id, since);
    expect(await progressOf(due.id)).toEqual({ status: 'sent', written: FANS, copies: FANS, fans: FANS });
    const [first] = await rowsFrom<{ at: Date | string }>(
      sql`select min(created_at) as at from messages where send_id like ${`broadcast:${due.id}:%`}`,
    );
    expect(new Date(first?.at ?? 0).getTime()).toBeGreaterThanOrEqual(due.at.getTime());
  }, 30_000);

  it('leaves the one due in an hour scheduled and the canceled one canceled, writing neither', async () => {
    expect(await progressOf(ahead)).toEqual({ status: 'scheduled', written: 0, copies: 0, fans: 0 });
    expect(await progressOf(canceled)).toEqual({ status: 'canceled', written: 0, copies: 0, fans: 0 });
  }, 30_000);
});
