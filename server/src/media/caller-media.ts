import type { ErrorCode } from '@cove/contracts';
import type { Db } from '../db/client';
import type { MediaRow } from '../db/schema';
import { fail } from '../errors';
import { type MediaView, viewOf } from './access';
import { mediaById, mediaByPublicId, softDeleteMedia } from './media-store';

/** What asking for one media by id may be refused with: it is not there for this caller. */
export const callerMediaCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/** The caller's own upload (its status while a video processes); anyone else's is not found. */
export async function ownMedia(db: Db, ownerId: string, id: string): Promise<MediaRow> {
  const row = await mediaById(db, id);
  if (!row || row.ownerId !== ownerId) throw fail('not_found');
  return row;
}

/** A media by its public id, with what this viewer may see of it; one they may not see is not found. */
export async function visibleMedia(
  db: Db,
  viewerId: string,
  publicId: string,
): Promise<{ row: MediaRow; view: Exclude<MediaView, 'none'> }> {
  const row = await mediaByPublicId(db, publicId);
  const view = row && row.status !== 'failed' ? await viewOf(db, row, viewerId) : 'none';
  if (!row || view === 'none') throw fail('not_found');
  return { row, view };
}

/** Deletes media from the owner's vault: all of the ids must be theirs, or nothing changes (not found). */
export async function deleteVaultMedia(db: Db, ownerId: string, ids: string[]): Promise<number> {
  const deleted = await softDeleteMedia(db, ownerId, ids);
  if (deleted === null) throw fail('not_found');
  return deleted;
}
