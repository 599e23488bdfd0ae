import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type pg from 'pg';

/** Any constant shared by every instance: the one lock that makes their function steps take turns. */
const LOCK_KEY = 0x636f7665_66;

interface SourceFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Every .sql file under `folder`, named by its path inside it, in path order. */
function sourcesIn(folder: string): SourceFile[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sql'))
    .map((f) => relative(folder, join(folder, f)).split(sep).join('/'))
    .sort();
  return files.map((name) => {
    const sql = readFileSync(join(folder, name), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/**
 * The repeatable step that follows the migrations (as Flyway's repeatable migrations): each source
 * file under `folder` (one database function, or a trigger function with its triggers, written
 * `CREATE OR REPLACE`) runs when its checksum differs from the one recorded, and is skipped when it
 * does not. All in one transaction, under an advisory lock so instances starting together take turns.
 * Answers the names of the files applied.
 */
export async function applyFunctions(pool: pg.Pool, folder: string): Promise<string[]> {
  const sources = sourcesIn(folder);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_KEY]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await client.query(`CREATE TABLE IF NOT EXISTS drizzle.__db_functions (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM drizzle.__db_functions',
    );
    const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
    const changed = sources.filter((s) => recorded.get(s.name) !== s.checksum);
    for (const source of changed) {
      try {
        await client.query(source.sql);
      } catch (err) {
        throw new Error(`database function ${source.name}: ${(err as Error).message}`, { cause: err });
      }
      await client.query(
        `INSERT INTO drizzle.__db_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [source.name, source.checksum],
      );
    }
    await client.query('COMMIT');
    return changed.map((s) => s.name);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
