import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/client';
import { realtimeInstances, realtimePresence, users } from '../src/db/schema';
import { fanAndCreator } from './helpers/chats';
import { openSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';
import { createUser } from './helpers/users';

// Without Redis, presence lives in realtime_instances and realtime_presence. These tests leave rows
// there the way an instance that crashed would: a heartbeat that stops, counts never taken back.
const realtime = { presenceHeartbeatMs: 100, presenceLapseMs: 1_000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** A crashed instance that held one visible socket of `userId`, with its last heartbeat `ago` ms back. */
async function crashedInstanceHolding(db: Db, userId: string, ago: number): Promise<string> {
  const id = randomUUID();
  await db
    .insert(realtimeInstances)
    .values({ id, heartbeatAt: sql`now() - ${ago} * interval '1 millisecond'` });
  await db.insert(realtimePresence).values({ instanceId: id, userId, sockets: 1 });
  await db.update(users).set({ isOnline: true }).where(eq(users.id, userId));
  return id;
}

async function isOnlineColumn(db: Db, userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ on: users.isOnline }).from(users).where(eq(users.id, userId));
  return row?.on;
}

const instanceRows = (db: Db, id: string) => db.$count(realtimeInstances, eq(realtimeInstances.id, id));

describe('presence after a crash, without Redis', () => {
  it('takes the users of an instance whose heartbeat lapses offline and tells their watchers', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 0 });
    const watcher = openSocket(wsBase(t.app), fan.token);
    await watcher.until((m) => m.type === 'init');
    const gone = await crashedInstanceHolding(t.db, creator.user.id, 0);
    expect(await t.app.realtime.isOnline(creator.user.id)).toBe(true);

    const offline = await watcher.until((m) => m.type === 'user_offline');
    expect(offline.user_id).toBe(creator.user.id);
    expect(await t.app.realtime.isOnline(creator.user.id)).toBe(false);
    expect(await isOnlineColumn(t.db, creator.user.id)).toBe(false);
    expect(await instanceRows(t.db, gone)).toBe(0);
    watcher.ws.close();
  });

  it('clears instances that lapsed while no server ran when the next one starts', async () => {
    // A database no running instance sweeps.
    const database = await createTestDatabase();
    const db = database.db;
    try {
      const creator = await createUser(db);
      const fan = await createUser(db);
      const gone = await crashedInstanceHolding(db, creator.id, 60 * 60_000);
      // Marked online with no socket anywhere: every instance crashed, and their rows were lost too.
      await db.update(users).set({ isOnline: true }).where(eq(users.id, fan.id));

      const next = await buildApp({ config: t.config, database, logger: false, realtime });
      expect(await instanceRows(db, gone)).toBe(0);
      expect(await isOnlineColumn(db, creator.id)).toBe(false);
      expect(await isOnlineColumn(db, fan.id)).toBe(false);
      await next.close();
    } finally {
      await database.close();
    }
  });
});
