import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { creatorApplications } from './creator-applications';

/**
 * Table of migration 0047: the photos an applicant took on the identity provider's page, one per side,
 * kept in private storage for staff's review (docs/rules.md, "Becoming a creator").
 */
export const idDocuments = pgTable(
  'id_documents',
  {
    id: uuidPrimaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => creatorApplications.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['front', 'selfie'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('id_documents_application_side_key').on(t.applicationId, t.side),
    check('id_documents_side_check', sql`${t.side} in ('front', 'selfie')`),
  ],
);
export type IdDocumentRow = typeof idDocuments.$inferSelect;
