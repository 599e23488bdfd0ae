import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Migration 0026: a plan cached while `messages` was nearly empty kept scanning it whole during a
// broadcast, so every other send slowed with each batch. A CREATE OR REPLACE of one of these
// functions that forgets the setting brings that back.
it('keeps sequential scans out of every send-path function', async () => {
  const rows = rowsOf<{ name: string; config: string[] | null }>(
    await t.db.execute(sql`select proname as name, proconfig as config from pg_proc
      where proname in ('send_messages', 'tip_message', 'buy_message') order by proname`),
  );
  expect(rows).toEqual([
    { name: 'buy_message', config: ['enable_seqscan=off'] },
    { name: 'send_messages', config: ['enable_seqscan=off'] },
    { name: 'tip_message', config: ['enable_seqscan=off'] },
  ]);
});
