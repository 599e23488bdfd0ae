import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { InFlight } from './in-flight';

/**
 * pg-boss's SQL as drizzle SQL. pg-boss numbers its parameters $1..$n and mentions some twice, while
 * drizzle numbers parameters in order of appearance: each is bound where it first appears, and later
 * mentions refer back to that number, so PostgreSQL sees the statement pg-boss wrote.
 */
function toSql(text: string, values: unknown[]): SQL {
  if (values.length === 0) return sql.raw(text);
  const chunks: SQL[] = [];
  const bound = new Map<string, number>();
  let from = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, m.index)));
    const at = bound.get(m[0]);
    if (at) chunks.push(sql.raw(`$${at}`));
    else {
      bound.set(m[0], bound.size + 1);
      chunks.push(sql`${sql.param(values[Number(m[1]) - 1])}`);
    }
    from = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/**
 * pg-boss's connection: the app's own pool, or a transaction, so a job can be queued in the same
 * commit as the rows it is about. `inFlight` tracks the queries, so a shutdown can wait for them.
 */
export function bossDb(db: Db, inFlight?: InFlight): PgBoss.Db {
  return {
    executeSql: (text, values) => {
      const query = (async () => {
        const result: unknown = await db.execute(toSql(text, values ?? []));
        // A script of several statements (pg-boss's migrations) answers one result per statement;
        // pg-boss reads no rows of those.
        return { rows: Array.isArray(result) ? [] : rowsOf<unknown>(result) };
      })();
      return inFlight ? inFlight.track(query) : query;
    },
  };
}
