import { uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A required reference to a user whose rows go with the user (on delete cascade). */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
