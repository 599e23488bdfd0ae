import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Builders for the columns most tables share. Each call returns a new builder: drizzle keeps a
// column's table on its builder, so one builder must never serve two tables.

/** A random uuid primary key named `id`. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (the default covers the insert). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
