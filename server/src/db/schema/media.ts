import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, timestamptz } from './columns';
import { userRef } from './user-ref';

/** One stored rendition: where it lives in storage, its content type and size in bytes. */
export interface StoredRendition {
  key: string;
  type: string;
  size: number;
}

/**
 * One uploaded file and what was made of it. The original is kept only until processing ends; the
 * renditions (`renditions`) are what is served. `deleted_at` hides it from the vault and from new sends.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    ownerId: userRef('owner_id'),
    publicId: text('public_id').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    uploadType: text('upload_type', { enum: ['message', 'paid_message'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    /** The user-facing reason when status is failed. */
    error: text('error'),
    /** The content type read from the file's own bytes. */
    sourceType: text('source_type').notNull(),
    size: bigintNumber('size').notNull(),
    md5: text('md5').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    videoLength: real('video_length'),
    /** Storage key of the upload as received; null once processing has ended. */
    originalKey: text('original_key'),
    renditions: jsonb('renditions').$type<Record<string, StoredRendition>>().notNull().default({}),
    createdAt: createdAt(),
    readyAt: timestamptz('ready_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('media_public_id_key').on(t.publicId),
    // One live copy of a file per owner: the same bytes (by SHA-256) reuse the first upload.
    uniqueIndex('media_owner_sha256_key')
      .on(t.ownerId, t.sha256)
      .where(sql`${t.deletedAt} IS NULL AND ${t.status} <> 'failed'`),
    index('media_owner_md5_idx').on(t.ownerId, t.md5),
    index('media_vault_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    check('media_size_positive', sql`${t.size} > 0`),
  ],
);
export type MediaRow = typeof media.$inferSelect;
