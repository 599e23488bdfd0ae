import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { functionsFolder } from '../paths';
import { applyFunctions } from './apply-functions';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database type the app codes against (drizzle's PostgreSQL base, whatever the driver). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** The migrations, then the database functions: every start and tool brings a database up to date here. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL: DATABASE_URL, or the embedded cluster's (see database-source.ts). */
  url: string;
  migrationsFolder: string;
  /**
   * The database functions' sources, applied after the migrations (apply-functions.ts); null for a
   * database migrated only part way (a test of one migration), which the current functions do not fit.
   */
  functionsFolder?: string | null;
  poolSize?: number;
}

/** One driver everywhere: a node-postgres pool, whether the server is embedded or not. */
export function openDatabase(opts: DatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // replaces it on next use.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost: ${err.message}`));
  // pool.end() resolves before its connections have hung up; close() waits for them, so a database
  // stopped right after (the embedded cluster) has no session left to cut.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: async () => {
      await migrate(drizzle(pool), { migrationsFolder: opts.migrationsFolder });
      const functions = opts.functionsFolder === undefined ? functionsFolder : opts.functionsFolder;
      if (functions !== null) await applyFunctions(pool, functions);
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      const ended = [...open].map((client) => once(client, 'end'));
      await pool.end();
      await Promise.all(ended);
    },
  };
}
