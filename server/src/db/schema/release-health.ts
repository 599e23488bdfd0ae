import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Table of migration 0024: reports per remote version, kind and page session (no personal data). */
export const releaseHealth = pgTable(
  'release_health',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** load, load_failure, render_crash or client_error (`releaseHealthKind`). */
    kind: text('kind').notNull(),
    /** A random id the browser tab keeps for its session; it names no person. */
    session: text('session').notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'release_health_pkey', columns: [t.remote, t.version, t.kind, t.session] }),
    index('release_health_remote_idx').on(t.remote, t.version, t.lastAt),
  ],
);
