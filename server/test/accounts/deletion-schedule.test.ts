import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { users } from '../../src/db/schema';
import { jobStates } from '../helpers/jobs';
import { eventually } from '../helpers/payments';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';

let database: TestDatabase;
let dataDir: string;
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'cove-deletion-schedule-'));
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A server instance on the test database, started (its pg-boss and schedules with it). */
async function instance(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database,
    logger: false,
  });
  instances.push(app);
  await app.ready();
  return app;
}

// pg-boss's clock hands a due job to its queue within 5 s, and a worker polls every 2 s.
it('erases an account whose delete_at has passed when the minute sweep comes round', async () => {
  const db = database.db;
  // The schedules exist from an earlier start, and pg-boss's clock last looked long ago, so the
  // next start queues this minute's sweep at once.
  const earlier = await instance();
  await earlier.close();
  instances.splice(instances.indexOf(earlier), 1);
  await db.execute(sql`update pgboss.version set cron_on = null`);

  const { user, token } = await signedInUser(db, {
    bio: 'Gone soon',
    deleteAt: new Date(Date.now() - 1000),
  });
  const app = await instance();
  const row = await eventually(
    async () => (await db.select().from(users).where(eq(users.id, user.id)))[0],
    (r) => r?.deletedAt != null,
    25_000,
  );

  expect(row?.deletedAt).not.toBeNull();
  expect(row).toMatchObject({ email: `deleted-${user.id}@deleted.invalid`, bio: '' });
  const me = await app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': token } });
  expect(me.statusCode).toBe(401);
  // The erasure commits before the job that ran it is marked done.
  const states = await eventually(
    () => jobStates(db, 'account-deletions'),
    (s) => s.includes('completed'),
  );
  expect(states).toContain('completed');
}, 60_000);
