import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/rows';
import { as } from '../helpers/api';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;
let logged = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cove-test-'));
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000' }),
    database,
    // Everything a server may log, at the most talkative level.
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('card numbers', () => {
  it('are never kept, logged or sent back after payments of every kind', async () => {
    const { token } = await signedInUser(database.db);
    const fan = as(app, token);
    const answers = [
      await payWithCard(app, fan, CARDS.visa, { save_card: true }),
      await payWithCard(app, fan, CARDS.master, { save_card: true }),
      await payWithCard(app, fan, CARDS.declined),
      await payWithCard(app, fan, CARDS.threeDs, { save_card: true }),
    ];
    const challenge = answers[3]?.json().redirect_url as string;
    await app.inject({
      method: 'POST',
      url: challenge,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    const cards = await eventually(
      () => fan.get('/v1/cc'),
      (r) => r.json().data.length === 3,
    );
    const sent = [...answers.map((a) => a.body), cards.body, (await fan.get('/v1/users/me')).body].join('\n');

    const tables = rowsOf<{ schema: string; name: string }>(
      await database.db.execute(sql`
        select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`),
    );
    let stored = '';
    for (const t of tables) {
      const rows = rowsOf<{ row: string }>(
        await database.db.execute(sql.raw(`select t::text as row from "${t.schema}"."${t.name}" t`)),
      );
      stored += rows.map((r) => r.row).join('\n');
    }
    expect(stored).toContain('4444'); // the last four are kept, so the scan does see card data
    for (const number of Object.values(CARDS)) {
      expect(stored).not.toContain(number);
      expect(logged).not.toContain(number);
      expect(sent).not.toContain(number);
      // Nor a formatted copy (4242 4242 ...) or the security code with the number's tail.
      expect(stored).not.toContain(number.slice(0, 12));
    }
    expect(logged.length).toBeGreaterThan(0);
  });
});
