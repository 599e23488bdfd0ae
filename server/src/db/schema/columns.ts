import { bigint, boolean, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

// Builders for the columns most tables share. Each call returns a new builder: drizzle keeps a
// column's table on its builder, so one builder must never serve two tables.

/** A random uuid primary key named `id`. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp here keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A bigint read as a JS number (ids, sequence numbers and amounts stay below 2^53). */
export const bigintNumber = (name: string) => bigint(name, { mode: 'number' });

/** A yes/no that is no until set. */
export const flag = (name: string) => boolean(name).notNull().default(false);

/** A whole number that is 0 until set: a count, a price in credits, a delay. */
export const zeroInt = (name: string) => integer(name).notNull().default(0);

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (the default covers the insert). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
