import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applyFunctions } from '../../src/db/apply-functions';
import { openDatabase } from '../../src/db/client';
import { functionsFolder, migrationsFolder } from '../../src/paths';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const sources = readdirSync(functionsFolder, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.sql'),
);

let copies: string;
let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  copies = mkdtempSync(join(tmpdir(), 'cove-functions-'));
  // The migrations from another folder (so no functions step), then the functions as the code before
  // the step created them in its migrations: plain CREATEs with their triggers, and no checksums.
  cpSync(migrationsFolder, join(copies, 'drizzle'), { recursive: true });
  database = await createTestDatabase(join(copies, 'drizzle'));
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query(readFileSync(join(__dirname, 'fixtures', 'functions-before-the-step.sql'), 'utf8'));
});
afterAll(async () => {
  await pool.end();
  await database.close();
  rmSync(copies, { recursive: true, force: true });
});

const recorded = async () =>
  (
    await pool.query<{ name: string; applied_at: Date }>(
      'SELECT name, applied_at FROM drizzle.__db_functions',
    )
  ).rows;
const ledgerTriggers = async () =>
  (
    await pool.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'ledger_entries'::regclass AND NOT tgisinternal ORDER BY 1`,
    )
  ).rows.map((r) => r.tgname);
const settingsOf = async (fn: string) =>
  (await pool.query<{ c: string[] | null }>('SELECT proconfig AS c FROM pg_proc WHERE proname = $1', [fn]))
    .rows[0]?.c;

it('replaces the functions of a database migrated before the step, records them, then applies nothing', async () => {
  const tables = await pool.query(
    `SELECT 1 FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__db_functions'`,
  );
  expect(tables.rowCount).toBe(0);
  expect(await ledgerTriggers()).toEqual([
    'ledger_entries_append_only',
    'ledger_entries_apply',
    'ledger_entries_balanced',
  ]);

  const upgraded = openDatabase({ url: database.url, migrationsFolder, poolSize: 1 });
  await upgraded.migrate();
  const first = await recorded();
  expect(first.map((r) => r.name).sort()).toEqual(sources.map((s) => s.split('\\').join('/')).sort());
  expect(await settingsOf('send_messages')).toEqual(['enable_seqscan=off']);
  expect(await settingsOf('tip_message')).toEqual(['enable_seqscan=off']);
  expect(await settingsOf('buy_message')).toEqual(['enable_seqscan=off']);
  // Replaced in place: each trigger once, none added beside the old.
  expect(await ledgerTriggers()).toEqual([
    'ledger_entries_append_only',
    'ledger_entries_apply',
    'ledger_entries_balanced',
  ]);

  // A second start: every checksum matches, nothing runs.
  await upgraded.migrate();
  await upgraded.close();
  expect(await recorded()).toEqual(expect.arrayContaining(first));
  expect(await applyFunctions(pool, functionsFolder)).toEqual([]);
});

it('re-applies a changed file alone, once, however many instances start together', async () => {
  const folder = join(copies, 'functions');
  cpSync(functionsFolder, folder, { recursive: true });
  appendFileSync(join(folder, 'ledger', 'credits-of.sql'), '-- changed\n');
  const applied = await Promise.all([1, 2, 3].map(() => applyFunctions(pool, folder)));
  expect(applied.flat()).toEqual(['ledger/credits-of.sql']);
  expect(await applyFunctions(pool, folder)).toEqual([]);
});

it('applies nothing of a file that fails, and names it', async () => {
  const folder = join(copies, 'broken');
  cpSync(functionsFolder, folder, { recursive: true });
  appendFileSync(join(folder, 'ledger', 'credits-of.sql'), 'SELECT no_such_function();\n');
  appendFileSync(join(folder, 'chats', 'pair-blocked.sql'), '-- changed\n');
  const checksums = 'SELECT name, checksum FROM drizzle.__db_functions ORDER BY name';
  const before = (await pool.query(checksums)).rows;
  await expect(applyFunctions(pool, folder)).rejects.toThrow(/ledger\/credits-of\.sql/);
  // chats/ sorts first: its change was rolled back with the rest.
  expect((await pool.query(checksums)).rows).toEqual(before);
});
