import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** The provider's platform-wide settings: a single row (id = 1). */
export const providerSettings = pgTable(
  'provider_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultFeatures: jsonb('default_features').$type<Record<string, boolean>>().notNull(),
    paymentKeywords: text('payment_keywords').notNull().default(''),
    globalKeywords: text('global_keywords').notNull().default(''),
    greetingKeywords: text('greeting_keywords').notNull().default(''),
    appKeywords: text('app_keywords').notNull().default(''),
  },
  (t) => [check('provider_settings_single_row', sql`${t.id} = 1`)],
);
