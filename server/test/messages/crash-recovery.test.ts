import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { callProcess, type Caller, fanWithChat } from '../helpers/process-calls';
import { serverProcess, type ServerProcess } from '../helpers/server-process';
import { openSocket, type Received, type TestSocket } from '../helpers/socket';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';

// The real server in its own process is killed with SIGKILL in the middle of a burst of paid sends,
// started again on the same database, and every send id tried is sent again until it succeeds.
const FANS = 24;
const SENDS_PER_FAN = 15;
/** Requests each fan keeps in flight, so sends of one fan also race one another. */
const LANES_PER_FAN = 3;
/** Answers the burst gets before the kill: about a third of the sends. */
const KILL_AFTER = Math.floor((FANS * SENDS_PER_FAN) / 3);
const RATE = 3;
const START_CREDITS = 1_000;

interface Fan extends Caller {
  chatId: string;
}
interface SendBody {
  type: 'text';
  chat_id: string;
  recipient_id: string;
  text: string;
  send_id: string;
}
interface Attempt {
  fan: Fan;
  body: SendBody;
  /** The answer received before the kill, if one came. */
  answer?: Answer;
}
interface Answer {
  status: number;
  body: { data?: { _id: string; send_id: string | null } } & Record<string, unknown>;
}

let database: TestDatabase;
let server: ServerProcess;
// What the scenario left behind, for the checks below.
let creator: Caller;
let fans: Fan[];
let attempts: Attempt[];
/** The message id each attempt's replay was answered with, by send id. */
let replayed: Map<string, string>;
let ids: string[];
let socketBefore: TestSocket;

async function rowsFrom<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

const call = (who: Caller, method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> =>
  callProcess<Answer['body']>(server, who, method, path, body);

async function ok<T>(who: Caller, path: string): Promise<T> {
  const res = await call(who, 'GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const wsBase = () => server.baseUrl.replace(/^http/, 'ws');

/** A creator with a rate and no intros, and fans with credits, each in a chat with them. */
async function world(): Promise<void> {
  const { user: creatorRow, token } = await signedInUser(database.db, {
    type: 'featured',
    creditRate: RATE,
    introEnabled: false,
  });
  creator = { id: creatorRow.id, token };
  fans = [];
  for (let i = 0; i < FANS; i++) {
    const { fan, opened } = await fanWithChat(database.db, server, creator.id, START_CREDITS);
    const chat = opened.body.data as unknown as { _id: string; credit_rate: number; is_intro: boolean };
    // Every message of the burst is paid: the chat has the creator's rate and no free intro.
    expect([opened.status, chat.credit_rate, chat.is_intro]).toEqual([200, RATE, false]);
    fans.push({ ...fan, chatId: chat._id });
  }
}

/**
 * Each fan sends from a few lanes at once; the server is killed once KILL_AFTER answers came back.
 * A lane whose request fails stops, as a client does until the server is back. Returns every send
 * that was tried, answered or not.
 */
async function burstWithCrash(): Promise<Attempt[]> {
  const tried: Attempt[] = [];
  let answers = 0;
  let crashed: Promise<void> | undefined;
  const lane = async (fan: Fan, queue: SendBody[]) => {
    for (let body = queue.shift(); body; body = queue.shift()) {
      const attempt: Attempt = { fan, body };
      tried.push(attempt);
      const res = await call(fan, 'POST', '/v1/messages', body).catch(() => undefined);
      if (!res) return;
      attempt.answer = res;
      if (++answers === KILL_AFTER) crashed = server.crash();
    }
  };
  await Promise.all(
    fans.flatMap((fan) => {
      const queue = Array.from({ length: SENDS_PER_FAN }, (_, i) => ({
        type: 'text' as const,
        chat_id: fan.chatId,
        recipient_id: creator.id,
        text: `message ${i} from ${fan.id}`,
        send_id: randomUUID(),
      }));
      return Array.from({ length: LANES_PER_FAN }, () => lane(fan, queue));
    }),
  );
  if (!crashed) throw new Error(`the burst ended after ${answers} answers, before the kill`);
  await crashed;
  return tried;
}

/** Sends a send id's request again until it gets a 2xx; returns the message it names. */
async function replay(attempt: Attempt): Promise<string> {
  let last = 'no answer';
  for (let tries = 0; tries < 20; tries++) {
    const res = await call(attempt.fan, 'POST', '/v1/messages', attempt.body).catch((err: Error) => err);
    if (!(res instanceof Error) && res.status >= 200 && res.status < 300 && res.body.data) {
      expect(res.body.data.send_id).toBe(attempt.body.send_id);
      return res.body.data._id;
    }
    last = res instanceof Error ? res.message : `${res.status} ${JSON.stringify(res.body)}`;
    await sleep(100);
  }
  throw new Error(`send ${attempt.body.send_id} never succeeded: ${last}`);
}

/** The sequence numbers of the logged events a socket received, in arrival order. */
const seqsOf = (socket: TestSocket) => socket.seen.flatMap((m) => (m.seq === undefined ? [] : [m.seq]));
const maxSeq = (socket: TestSocket) => Math.max(0, ...seqsOf(socket));
const newMessageIds = (socket: TestSocket) =>
  socket.seen
    .filter((m): m is Received & { message: { _id: string } } => m.type === 'new_message')
    .map((m) => m.message._id);

async function lastSeqOf(userId: string): Promise<number> {
  const [row] = await rowsFrom<{ last_seq: number }>(
    sql`select last_seq::int as last_seq from user_event_seqs where user_id = ${userId}`,
  );
  return row?.last_seq ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await serverProcess(database.url);
  await server.start();
  await world();
  socketBefore = openSocket(wsBase(), creator.token, 0);
  await socketBefore.until((m) => m.type === 'init');
  attempts = await burstWithCrash();
  await server.start();
  ids = await Promise.all(attempts.map(replay));
  replayed = new Map(attempts.map((a, i) => [a.body.send_id, ids[i] ?? '']));
}, 120_000);
afterAll(async () => {
  socketBefore?.ws.close();
  await server?.dispose();
  await database?.close();
});

const sentBy = (fan: Fan) => attempts.filter((a) => a.fan === fan);
const sorted = (values: Iterable<string>) => [...values].sort();

describe('a server killed with SIGKILL in the middle of a burst of paid sends, then replayed', () => {
  it('was killed mid-burst, and answers every send id again with the message it made first', async () => {
    const answered = attempts.flatMap((a) => (a.answer ? [{ ...a, answer: a.answer }] : []));
    // Some sends were answered before the kill, some were in flight and never answered.
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answered.length).toBeLessThan(attempts.length);
    const refused = answered.filter((a) => a.answer.status !== 200);
    expect(refused.map((a) => `${a.answer.status} ${JSON.stringify(a.answer.body)}`)).toEqual([]);
    expect(await socketBefore.closed).toBe(1006);
    const moved = answered.filter((a) => replayed.get(a.body.send_id) !== a.answer.body.data?._id);
    expect(moved.map((a) => a.body.send_id)).toEqual([]);
    expect(new Set(ids).size).toBe(attempts.length);
  });

  it('stores every send id tried exactly once, and nothing else', async () => {
    const stored = await rowsFrom<{ send_id: string; n: number }>(sql`select send_id, count(*)::int as n
      from messages where recipient_id = ${creator.id} and not system group by send_id`);
    expect(stored.filter((m) => m.n !== 1)).toEqual([]);
    expect(sorted(stored.map((m) => m.send_id))).toEqual(sorted(replayed.keys()));
    for (const fan of fans) {
      const listed = await ok<{ data: { send_id: string | null }[] }>(
        fan,
        `/v1/chats/${fan.chatId}/messages?limit=100`,
      );
      expect(listed.data.map((m) => m.send_id).sort()).toEqual(
        sorted(sentBy(fan).map((a) => a.body.send_id)),
      );
    }
  });

  it('charges each fan once per message', async () => {
    for (const fan of fans) {
      const spending = sql`select coalesce(sum(cost), 0)::int as spent, count(*)::int as n
        from messages where sender_id = ${fan.id}`;
      const [row] = await rowsFrom<{ spent: number; n: number }>(spending);
      expect(row).toEqual({ spent: RATE * sentBy(fan).length, n: sentBy(fan).length });
      const left = START_CREDITS - RATE * sentBy(fan).length;
      expect((await ok<{ credits: number }>(fan, '/v1/users/me')).credits).toBe(left);
      expect(await creditsOf(database.db, fan.id)).toBe(left);
    }
  });

  it('keeps the ledger balanced, with one charge per message and none without its message', async () => {
    expect(await balanceMismatches(database.db)).toEqual([]);
    const unbalanced = sql`select transaction_id from ledger_entries
      group by transaction_id having sum(amount) <> 0`;
    expect(await rowsFrom(unbalanced)).toEqual([]);
    expect(
      await rowsFrom<{ sum: number }>(sql`select coalesce(sum(amount), 0)::int as sum from ledger_entries`),
    ).toEqual([{ sum: 0 }]);
    // Besides the grants, every ledger transaction is the charge of a message that exists.
    const charges = await rowsFrom<{ message_id: string | null; found: boolean; n: number }>(sql`
      select t.reference->>'message_id' as message_id, bool_and(m.id is not null) as found, count(*)::int as n
      from ledger_transactions t left join messages m on m.id::text = t.reference->>'message_id'
      where t.kind <> 'test_grant' group by 1`);
    expect(charges.filter((c) => !c.found || c.n !== 1)).toEqual([]);
    expect(sorted(charges.map((c) => c.message_id ?? ''))).toEqual(sorted(ids));
  });

  it("counts every message in the creator's unread totals, overall and per chat", async () => {
    const inbox = await ok<{ unread_messages: number; data: { _id: string; unread_messages: number }[] }>(
      creator,
      '/v1/chats?limit=100',
    );
    expect(inbox.unread_messages).toBe(attempts.length);
    const perChat = new Map(inbox.data.map((c) => [c._id, c.unread_messages]));
    const miscounted = fans.filter((fan) => perChat.get(fan.chatId) !== sentBy(fan).length);
    expect(miscounted.map((fan) => fan.chatId)).toEqual([]);
  });

  it('numbers every event log 1..last_seq with no gap or repeat, telling the creator of each message once', async () => {
    for (const user of [creator, ...fans]) {
      const seqs = (
        await rowsFrom<{ seq: number }>(sql`select seq::int as seq from user_events
          where user_id = ${user.id} order by seq`)
      ).map((r) => r.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(await lastSeqOf(user.id)).toBe(seqs.length);
    }
    const told = await rowsFrom<{ id: string }>(sql`select payload->'message'->>'_id' as id from user_events
      where user_id = ${creator.id} and type = 'new_message'`);
    expect(sorted(told.map((r) => r.id))).toEqual(sorted(ids));
  });

  it("resumes the creator's socket from the last event it saw with every message it missed, once", async () => {
    // Before the kill the socket got the log in order from the start, with nothing skipped.
    const since = maxSeq(socketBefore);
    expect(seqsOf(socketBefore)).toEqual(Array.from({ length: since }, (_, i) => i + 1));
    const after = openSocket(wsBase(), creator.token, since);
    const last = await lastSeqOf(creator.id);
    await after.until((m) => m.seq === last);
    after.ws.close();
    expect(seqsOf(after)).toEqual(Array.from({ length: last - since }, (_, i) => since + i + 1));
    expect(sorted([...newMessageIds(socketBefore), ...newMessageIds(after)])).toEqual(sorted(ids));
  });
});
