import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Table of migrations 0024 and 0030: reports per remote version, kind and page session (no personal data). */
export const releaseHealth = pgTable(
  'release_health',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** load, load_failure, render_crash or client_error (`releaseHealthKind`). */
    kind: text('kind').notNull(),
    /** The random id of a session the server issued (`health-token.ts`); it names no person. */
    session: text('session').notNull(),
    /** A keyed hash of the network the session was issued to (`networkOf`), not the address. */
    network: text('network').notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamptz('first_at').notNull().defaultNow(),
    lastAt: timestamptz('last_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'release_health_pkey', columns: [t.remote, t.version, t.kind, t.session] }),
    index('release_health_remote_idx').on(t.remote, t.version, t.lastAt),
  ],
);
