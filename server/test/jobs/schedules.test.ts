import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { chats, messages, userEvents } from '../../src/db/schema';
import { jobStates } from '../helpers/jobs';
import { eventually } from '../helpers/socket';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createUser } from '../helpers/users';

let database: TestDatabase;
let dataDir: string;
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'cove-schedules-'));
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A server instance on the shared database, started (its pg-boss with it). */
async function instance(): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false });
  instances.push(app);
  await app.ready();
  return app;
}

// pg-boss's clock hands a due job to its queue within 5 s, and a worker polls every 2 s.
it('runs the self-destruct sweep once when its minute comes, however many instances run', async () => {
  const db = database.db;
  const [low, high] = [(await createUser(db)).id, (await createUser(db)).id].sort();
  const [chat] = await db
    .insert(chats)
    .values({ userLow: low ?? '', userHigh: high ?? '' })
    .returning();
  const [message] = await db
    .insert(messages)
    .values({
      chatId: chat?.id ?? '',
      senderId: low ?? '',
      recipientId: high ?? '',
      type: 'text',
      text: 'read a day ago',
      selfDestruct: true,
      destructAt: new Date(Date.now() - 1000),
    })
    .returning();

  // The schedules exist from an earlier start, and pg-boss's clock last looked long ago.
  const earlier = await instance();
  await earlier.close();
  instances.splice(instances.indexOf(earlier), 1);
  await db.execute(sql`update pgboss.version set cron_on = null`);
  // Two instances start together, each with the schedule, a clock that finds this minute's sweep due,
  // and a worker for it.
  await Promise.all([instance(), instance()]);
  await eventually(async () => (await jobStates(db, 'self-destruct-sweep')).includes('completed'));

  expect(await jobStates(db, 'self-destruct-sweep')).toEqual(['completed']);
  const [row] = await db
    .select()
    .from(messages)
    .where(eq(messages.id, message?.id ?? 0));
  expect(row?.deletedAt).not.toBeNull();
  const events = await db.select().from(userEvents).where(eq(userEvents.type, 'message_deleted'));
  expect(events.map((e) => e.userId).sort()).toEqual([low, high]);
}, 30_000);
