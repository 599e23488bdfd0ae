import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Db } from '../db/client';
import type { MediaRow, UserRow } from '../db/schema';
import { fail } from '../errors';
import type { Storage } from '../storage';
import { checkImage } from './image-probe';
import { MediaInputError } from './media-input-error';
import { insertMediaWithJob, liveMediaBySha } from './media-store';
import type { PixelBudget } from './pixel-budget';
import type { ReceivedUpload } from './receive-upload';
import { storageKeys } from './renditions';
import { probeVideo, scanVideo, type VideoInfo } from './video-probe';

export interface AcceptDeps {
  db: Db;
  storage: Storage;
  /** Photos decoded at once in this process, shared with the jobs' renditions. */
  pixels: PixelBudget;
  /** Queues the new media's processing on the transaction that records it (a video's header sizes its job). */
  enqueue(tx: Db, row: MediaRow, video: VideoInfo | null): Promise<void>;
}

interface Inspected {
  shape: { width: number; height: number; videoLength: number | null };
  video: VideoInfo | null;
}

/** Size as displayed, proven decodable: a bad file is refused here, in the upload's own answer. */
async function inspect(upload: ReceivedUpload, pixels: PixelBudget): Promise<Inspected> {
  const { path, sniffed } = upload.file;
  try {
    if (sniffed.kind === 'image')
      return { shape: { ...(await checkImage(path, pixels)), videoLength: null }, video: null };
    const info = await probeVideo(path, sniffed.demuxer);
    await scanVideo(path, sniffed.demuxer);
    const videoLength = info.duration === null ? null : Math.round(info.duration * 100) / 100;
    return { shape: { width: info.width, height: info.height, videoLength }, video: info };
  } catch (err) {
    if (err instanceof MediaInputError) throw err.toAppError();
    throw err;
  }
}

/**
 * Turns a received upload into a media: checks it, reuses the owner's live copy of the same bytes
 * (by SHA-256) if there is one, otherwise stores the original and queues its processing. The staged
 * file is gone afterwards whatever happens, and a failure after storing removes the stored object.
 */
export async function acceptUpload(
  deps: AcceptDeps,
  owner: UserRow,
  upload: ReceivedUpload,
): Promise<MediaRow> {
  const { file, fields } = upload;
  try {
    if (fields.type === 'paid_message' && owner.type !== 'featured') throw fail('paid_upload_not_allowed');
    const existing = await liveMediaBySha(deps.db, owner.id, file.sha256);
    if (existing) return existing;
    const { shape, video } = await inspect(upload, deps.pixels);
    const id = randomUUID();
    const key = storageKeys.original(id);
    await deps.storage.moveIn(key, file.path, file.sniffed.mime);
    try {
      const row = await insertMediaWithJob(
        deps.db,
        {
          id,
          ownerId: owner.id,
          publicId: randomBytes(12).toString('base64url'),
          kind: file.sniffed.kind,
          uploadType: fields.type,
          status: 'processing',
          sourceType: file.sniffed.mime,
          size: file.size,
          md5: file.md5,
          sha256: file.sha256,
          ...shape,
          originalKey: key,
        },
        (tx, made) => deps.enqueue(tx, made, video),
      );
      if (row) return row;
      // A concurrent upload of the same bytes won the race: use it.
      await deps.storage.delete([key]);
      const winner = await liveMediaBySha(deps.db, owner.id, file.sha256);
      if (!winner) throw new Error('media vanished after a duplicate upload');
      return winner;
    } catch (err) {
      await deps.storage.delete([key]).catch(() => undefined);
      throw err;
    }
  } finally {
    await rm(file.path, { force: true });
  }
}
