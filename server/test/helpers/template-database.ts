import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { functionsFolder, migrationsFolder } from '../../src/paths';

/** Every file under `dir`, sorted, so the same sources always list the same way. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Names the migrations, functions and this recipe as they are now: a change makes a new template. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(migrationsFolder), ...filesUnder(functionsFolder), __filename]) {
    hash.update(file).update(readFileSync(file));
  }
  return `cove_template_${hash.digest('hex').slice(0, 16)}`;
}

const staleAfterMs = 12 * 60 * 60 * 1000;

/**
 * Starts the app on the template once and stops it: pg-boss's schema and a table for each queue are
 * made then, which took a test file's app about two seconds more to start on a database without them.
 */
async function startOnce(database: Database): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cove-template-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const exists = async (admin: pg.Client, name: string) =>
  (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

/**
 * The fully migrated database every test file copies (`CREATE DATABASE … TEMPLATE`), made once per
 * server and source version, with pg-boss's tables made by one start of the app: migrating each
 * file's database took about a second, hundreds of times a run. Test files in parallel agree through an advisory lock; the template is built under another
 * name and renamed when complete, so a run stopped half way never leaves a partial one. Templates of
 * other sources are dropped when a new one is made and they are half a day old, so runs of two
 * checkouts at once each keep theirs.
 */
export async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = templateName();
  if (await exists(admin, name)) return name;
  await admin.query("select pg_advisory_lock(hashtext('cove_test_template'))");
  try {
    if (await exists(admin, name)) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = openDatabase({ url: url.toString(), migrationsFolder });
    try {
      await database.migrate();
      await startOnce(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'cove\\_template\\_%' and datname <> $1
        and coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`,
      [name, Date.now() - staleAfterMs],
    );
    for (const { datname } of old.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('cove_test_template'))");
  }
}
