import { sql } from 'drizzle-orm';
import { FAILURE_LIMIT } from '../../src/broadcasts/fail-broadcast';
import { broadcastQueue } from '../../src/broadcasts/queue';
import { writeBroadcast } from '../../src/broadcasts/write-broadcast';
import type { Party } from '../helpers/chats';
import { dueNow } from '../helpers/jobs';
import { eventually } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { broadcastBody, broadcaster, brokenEventLogs, fanOf, rows } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A recipient whose message the database refuses, as a bug or a violated constraint would: the
  // writer's batch throws the same error on every try.
  await t.db.execute(sql`
    create table poisoned (send_id text primary key);
    create function refuse_poisoned() returns trigger language plpgsql as $$ begin
      if exists (select 1 from poisoned where send_id = new.send_id) then
        raise exception 'test: message refused';
      end if;
      return new;
    end $$;
    create trigger refuse_poisoned before insert on messages for each row execute function refuse_poisoned()`);
});
afterAll(async () => {
  await t.close();
});

/** Scheduled an hour ahead: its job waits until the test makes it due. */
const later = () => ({ send_at: new Date(Date.now() + 3600_000).toISOString() });

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  started_on: string | null;
}

async function jobOf(broadcastId: string): Promise<JobRow> {
  const [job] = await rows<JobRow>(
    t,
    sql`select id, state, retry_count, started_on::text from pgboss.job
      where name = ${broadcastQueue.name} and data->>'broadcastId' = ${broadcastId}`,
  );
  if (!job) throw new Error(`no job for broadcast ${broadcastId}`);
  return job;
}

/** The broadcast's job becomes due (its time or backoff has come) and the app's worker runs one try. */
async function runTry(broadcastId: string): Promise<JobRow> {
  const before = await jobOf(broadcastId);
  await dueNow(t.db, before.id);
  t.app.jobs.wake(broadcastQueue.name);
  return eventually(
    () => jobOf(broadcastId),
    (job) => job.started_on !== before.started_on && job.state !== 'active',
  );
}

/** Fans of a creator, the first `online` of them online (the writer's first batch). */
async function fans(creator: Party, count: number, online: number) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fanOf(t, creator, { isOnline: i < online }));
  return list;
}

const stateOf = async (creator: Party, id: string) => {
  const [b] = await rows<{ status: string; failures: number; finished: boolean; is_broadcasting: boolean }>(
    t,
    sql`select b.status, b.failures, b.finished_at is not null as finished, u.is_broadcasting
      from broadcasts b join users u on u.id = b.creator_id where b.id = ${id}`,
  );
  const listed = (await creator.api.get('/v1/broadcast?limit=100')).json().data as {
    _id: string;
    status: string;
    sent: number;
  }[];
  return { ...b, listed: listed.find((l) => l._id === id) };
};

/** How many messages of the broadcast each of the fans has, in their order. */
const messagesOf = async (id: string, of: Party[]) => {
  const counted = await rows<{ recipient_id: string; n: number }>(
    t,
    sql`select recipient_id, count(*)::int as n from messages
      where send_id like ${`broadcast:${id}:%`} and deleted_at is null group by recipient_id`,
  );
  return of.map((f) => counted.find((c) => c.recipient_id === f.user.id)?.n ?? 0);
};

const doneEvents = (creator: Party, id: string) =>
  rows<{ payload: { broadcast_id: string; sent: number } }>(
    t,
    sql`select payload from user_events where user_id = ${creator.user.id} and type = 'broadcast_done'
      and payload->>'broadcast_id' = ${id}`,
  );

/** A broadcast to `to` scheduled ahead, whose message to `poison` the database refuses. */
async function poisonedBroadcast(creator: Party, poison: Party) {
  const res = await creator.api.post('/v1/broadcast/send', broadcastBody(later()));
  const id = res.json().data._id as string;
  await t.db.execute(sql`insert into poisoned values (${`broadcast:${id}:${poison.user.id}`})`);
  return id;
}

describe('a broadcast whose writing keeps throwing', () => {
  it(`fails after ${FAILURE_LIMIT} errors: written fans keep theirs, the creator is told, the next one goes`, async () => {
    const creator = await broadcaster(t);
    // Two online fans are written in the first batch; the offline two (one refused) in the next.
    const all = await fans(creator, 4, 2);
    const id = await poisonedBroadcast(creator, all[2] as Party);

    for (let error = 1; error < FAILURE_LIMIT; error++) {
      expect(await runTry(id)).toMatchObject({ state: 'retry' });
      expect(await stateOf(creator, id)).toMatchObject({
        status: 'sending',
        failures: error,
        is_broadcasting: true,
      });
    }
    expect(await doneEvents(creator, id)).toEqual([]);

    // The last error allowed: given up, and the job ends rather than retrying.
    expect(await runTry(id)).toMatchObject({ state: 'completed' });
    expect(await stateOf(creator, id)).toEqual({
      status: 'failed',
      failures: FAILURE_LIMIT,
      finished: true,
      is_broadcasting: false,
      listed: expect.objectContaining({ status: 'failed', sent: 2 }),
    });
    expect(await messagesOf(id, all)).toEqual([1, 1, 0, 0]);
    expect((await doneEvents(creator, id)).map((e) => e.payload)).toEqual([{ broadcast_id: id, sent: 2 }]);
    expect(await brokenEventLogs(t)).toEqual([]);

    // The creator's next broadcast is written to everyone, the refused fan included.
    const next = (await creator.api.post('/v1/broadcast/send', broadcastBody())).json().data._id as string;
    t.app.jobs.wake(broadcastQueue.name);
    const sent = await eventually(
      () => stateOf(creator, next),
      (s) => s.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', failures: 0, is_broadcasting: false });
    expect(await messagesOf(next, all)).toEqual([1, 1, 1, 1]);
    expect(await messagesOf(id, all)).toEqual([1, 1, 0, 0]);
  });

  it('can be unsent like a sent one', async () => {
    const creator = await broadcaster(t);
    const all = await fans(creator, 2, 1);
    const id = await poisonedBroadcast(creator, all[1] as Party);
    for (let error = 1; error <= FAILURE_LIMIT; error++) await runTry(id);
    expect((await stateOf(creator, id)).status).toBe('failed');
    expect(await messagesOf(id, all)).toEqual([1, 0]);

    const unsent = await creator.api.post(`/v1/broadcast/${id}/unsend`);
    expect(unsent.statusCode).toBe(200);
    expect(unsent.json().data).toMatchObject({ status: 'unsent' });
    expect(await messagesOf(id, all)).toEqual([0, 0]);
  });
});

describe('a broadcast whose server keeps dying', () => {
  it('is never failed for the tries its crashes cost: a crash throws nothing', async () => {
    const creator = await broadcaster(t);
    const all = await fans(creator, 3, 0);
    const id = (await creator.api.post('/v1/broadcast/send', broadcastBody(later()))).json().data
      ._id as string;
    // The process died after the first batch (the job never saw it)...
    const died = new Error('killed');
    await expect(
      writeBroadcast({ db: t.db, realtime: t.app.realtime }, id, {
        batchSize: 1,
        afterBatch: () => {
          throw died;
        },
      }),
    ).rejects.toBe(died);
    // ...and pg-boss handed its job on after many more deaths than errors are allowed, as its
    // expiry does with a job a dead worker left active.
    const job = await jobOf(id);
    await t.db.execute(sql`update pgboss.job set state = 'retry', retry_count = ${FAILURE_LIMIT + 2},
      started_on = now() - interval '1 hour' where id = ${job.id}::uuid`);

    expect(await runTry(id)).toMatchObject({ state: 'completed' });
    expect(await stateOf(creator, id)).toMatchObject({ status: 'sent', failures: 0, is_broadcasting: false });
    expect(await messagesOf(id, all)).toEqual([1, 1, 1]);
  });
});
