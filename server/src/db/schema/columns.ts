import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

// Builders for the columns most tables share. Each call returns a new builder: drizzle keeps a
// column's table on its builder, so one builder must never serve two tables.

/** A random uuid primary key named `id`. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp here keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A bigint read as a JS number (ids, sequence numbers and amounts stay below 2^53). */
export const bigintNumber = (name: string) => bigint(name, { mode: 'number' });

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (the default covers the insert). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
