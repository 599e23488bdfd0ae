import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { feedFanouts, feedPosts, userEvents } from '../../src/db/schema';
import { jobStates } from '../helpers/jobs';
import { eventually } from '../helpers/socket';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createUser } from '../helpers/users';

let database: TestDatabase;
let dataDir: string;
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'cove-scheduled-posts-'));
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
it('publishes a due post once when the minute sweep comes, however many instances run', async () => {
  const db = database.db;
  const creator = await createUser(db, { type: 'featured' });
  const [post] = await db
    .insert(feedPosts)
    .values({
      creatorId: creator.id,
      type: 'text',
      text: 'Due now',
      scheduledFor: sql`now() - interval '1 second'`,
    })
    .returning();

  // The schedules exist from an earlier start, and pg-boss's clock last looked long ago.
  const earlier = await instance();
  await earlier.close();
  instances.splice(instances.indexOf(earlier), 1);
  await db.execute(sql`update pgboss.version set cron_on = null`);
  await Promise.all([instance(), instance()]);
  await eventually(async () => (await jobStates(db, 'scheduled-posts')).includes('completed'));

  const [row] = await db
    .select()
    .from(feedPosts)
    .where(eq(feedPosts.id, post?.id ?? ''));
  expect(row?.scheduledFor).toBeNull();
  expect(
    await db
      .select()
      .from(feedFanouts)
      .where(eq(feedFanouts.postId, post?.id ?? '')),
  ).toHaveLength(1);
  const told = await db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, creator.id), eq(userEvents.type, 'new_feed')));
  expect(told).toHaveLength(1);
}, 30_000);
