import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { broadcastQueue } from '../../src/broadcasts/queue';
import type { Party } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { broadcastBody, broadcaster, fanOf, rows } from './helpers';

let t: TestApp;
let restarted: FastifyInstance | undefined;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await restarted?.close();
  await t.close();
});

/** Scheduled an hour ahead: its job waits until the test sets the scene. */
const later = () => ({ send_at: new Date(Date.now() + 3600_000).toISOString() });

async function scheduled(creator: Party) {
  const res = await creator.api.post('/v1/broadcast/send', broadcastBody(later()));
  if (res.statusCode !== 200) throw new Error(`broadcast refused: ${res.body}`);
  return res.json().data._id as string;
}

/** The broadcast is due now, in `status`, and its job in `state` (as a killed worker or a backoff left it). */
async function leftAs(id: string, status: string, state: 'active' | 'retry') {
  await t.db.execute(sql`update broadcasts set status = ${status}, send_at = now() - interval '1 second'
    where id = ${id}`);
  await t.db.execute(sql`update pgboss.job set state = ${state}::pgboss.job_state,
      started_on = case when ${state} = 'active' then now() else started_on end,
      start_after = case when ${state} = 'retry' then now() + interval '1 hour' else start_after end
    where name = ${broadcastQueue.name} and data->>'broadcastId' = ${id}`);
}

const stateOf = async (id: string) => {
  const [row] = await rows<{ status: string; copies: number; fans: number; jobs: string[] }>(
    t,
    sql`select b.status,
      (select count(*)::int from messages m where m.send_id like 'broadcast:' || b.id || ':%') as copies,
      (select count(distinct m.recipient_id)::int from messages m
        where m.send_id like 'broadcast:' || b.id || ':%') as fans,
      (select array_agg(j.state::text order by j.created_on) from pgboss.job j
        where j.name = ${broadcastQueue.name} and j.data->>'broadcastId' = b.id::text) as jobs
    from broadcasts b where b.id = ${id}`,
  );
  return row;
};

describe('a restart', () => {
  it('writes what killed workers left, whatever their job says, and leaves waiting jobs to run', async () => {
    const creator = await broadcaster(t);
    for (let i = 0; i < 3; i++) await fanOf(t, creator);
    // Taken by a worker killed before the row turned `sending`: the job active for an hour more.
    const taken = await scheduled(creator);
    await leftAs(taken, 'scheduled', 'active');
    // Killed mid-write.
    const writing = await scheduled(creator);
    await leftAs(writing, 'sending', 'active');
    // Its start threw: the job waits out its backoff, which a restart keeps.
    const backingOff = await scheduled(creator);
    await leftAs(backingOff, 'scheduled', 'retry');
    // Canceled after its worker was killed: stays canceled.
    const canceled = await scheduled(creator);
    await leftAs(canceled, 'canceled', 'active');
    // Due in an hour: not started early.
    const ahead = await scheduled(creator);

    // Another instance starts on the same database, the first one's worker still polling.
    restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    await restarted.ready();

    // Written, and its new job done (it completes just after the writing).
    const sent = (s: Awaited<ReturnType<typeof stateOf>>) =>
      s?.status === 'sent' && s.jobs.at(-1) === 'completed';
    expect(await eventually(() => stateOf(taken), sent, 10_000)).toEqual({
      status: 'sent',
      copies: 3,
      fans: 3,
      jobs: ['active', 'completed'],
    });
    expect(await eventually(() => stateOf(writing), sent, 10_000)).toEqual({
      status: 'sent',
      copies: 3,
      fans: 3,
      jobs: ['active', 'completed'],
    });
    expect(await stateOf(backingOff)).toEqual({ status: 'scheduled', copies: 0, fans: 0, jobs: ['retry'] });
    expect(await stateOf(canceled)).toEqual({ status: 'canceled', copies: 0, fans: 0, jobs: ['active'] });
    expect(await stateOf(ahead)).toEqual({ status: 'scheduled', copies: 0, fans: 0, jobs: ['created'] });
  });
});
