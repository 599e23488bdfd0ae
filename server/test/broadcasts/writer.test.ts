import { sql } from 'drizzle-orm';
import { writeBroadcast } from '../../src/broadcasts/write-broadcast';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { broadcastBody, broadcaster, brokenEventLogs, fanOf, rows } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The worker leaves the job alone: the test runs the writing itself. */
/** Scheduled an hour ahead, so its job waits and the test runs the writer itself. */
const later = () => ({ send_at: new Date(Date.now() + 3600_000).toISOString() });

const messagesPerFan = (id: string) =>
  rows<{ fan_id: string; n: number }>(
    t,
    sql`select r.fan_id, count(m.id)::int as n from broadcast_recipients r
      left join messages m on m.chat_id = r.chat_id and m.send_id like 'broadcast:%'
      where r.broadcast_id = ${id} group by r.fan_id`,
  );

describe('a crash while writing', () => {
  it('resumes with the rest: one message per recipient and gapless event logs', async () => {
    const creator = await broadcaster(t);
    for (let i = 0; i < 5; i++) await fanOf(t, creator);
    const res = await creator.api.post('/v1/broadcast/send', broadcastBody(later()));
    const id = res.json().data._id as string;
    const deps = { db: t.db, realtime: t.app.realtime };

    const crash = new Error('crash after the first batch');
    await expect(
      writeBroadcast(deps, id, {
        batchSize: 2,
        afterBatch: (n) => {
          if (n === 1) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const midway = await messagesPerFan(id);
    expect(midway.filter((r) => r.n === 1)).toHaveLength(2);
    expect(midway.filter((r) => r.n === 0)).toHaveLength(3);
    const [during] = await rows<{ status: string; is_broadcasting: boolean }>(
      t,
      sql`select b.status, u.is_broadcasting from broadcasts b join users u on u.id = b.creator_id
        where b.id = ${id}`,
    );
    expect(during).toEqual({ status: 'sending', is_broadcasting: true });

    // The retry, twice at once, as a job that pg-boss handed on while the first try still ran.
    await Promise.all([
      writeBroadcast(deps, id, { batchSize: 2 }),
      writeBroadcast(deps, id, { batchSize: 2 }),
    ]);
    expect((await messagesPerFan(id)).map((r) => r.n)).toEqual([1, 1, 1, 1, 1]);
    expect(await brokenEventLogs(t)).toEqual([]);
    const done = await rows(
      t,
      sql`select 1 from user_events where user_id = ${creator.user.id} and type = 'broadcast_done'`,
    );
    expect(done).toHaveLength(1);
    const [stats] = (await creator.api.get('/v1/broadcast')).json().data;
    expect(stats).toMatchObject({ _id: id, status: 'sent', sent: 5 });
  });
});

describe('a broadcast to 10,000 fans', () => {
  it('is written in set-based batches', async () => {
    const creator = await broadcaster(t);
    const fans = 10_000;
    // Fans and their chats in bulk, each chat with a first message from the fan's side listed.
    await t.db.execute(sql`
      with fans as (
        insert into users (email, username, type)
        select 'bulk-' || i || '@example.com', 'bulk_' || i, 'user' from generate_series(1, ${fans}) i
        returning id
      ), pairs as (
        insert into chats (user_low, user_high, last_message_at)
        select least(id, ${creator.user.id}::uuid), greatest(id, ${creator.user.id}::uuid), now() from fans
        returning id, user_low, user_high
      )
      insert into chat_members (chat_id, user_id, other_id, last_message_at, last_from_other)
      select id, user_low, user_high, now(), user_low <> ${creator.user.id}::uuid from pairs
      union all select id, user_high, user_low, now(), user_high <> ${creator.user.id}::uuid from pairs`);
    const res = await creator.api.post(
      '/v1/broadcast/send',
      broadcastBody({ text: 'To everyone', ...later() }),
    );
    const id = res.json().data._id as string;

    const started = performance.now();
    await writeBroadcast({ db: t.db, realtime: t.app.realtime }, id);
    const seconds = (performance.now() - started) / 1000;
    // Reported, and bounded loosely: a shared test machine's timing varies.
    console.warn(`broadcast to ${fans} fans written in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);

    const [written] = await rows<{ n: number; chats: number }>(
      t,
      sql`select count(*)::int as n, count(distinct chat_id)::int as chats from messages
        where sender_id = ${creator.user.id} and text = 'To everyone'`,
    );
    expect(written).toEqual({ n: fans, chats: fans });
    const [unread] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from user_counters c join chat_members m on m.user_id = c.user_id
        where m.other_id = ${creator.user.id} and c.unread = 1 and m.unread = 1`,
    );
    expect(unread?.n).toBe(fans);
    expect(await brokenEventLogs(t)).toEqual([]);
    const [stats] = (await creator.api.get('/v1/broadcast')).json().data;
    expect(stats).toMatchObject({ status: 'sent', sent: fans });
  }, 120_000);
});
