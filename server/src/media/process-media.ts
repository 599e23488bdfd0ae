import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaKind, mediaMessages, type RenditionName } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, type MediaRow, type StoredRendition } from '../db/schema';
import type { Storage } from '../storage';
import { makeImageRenditions } from './image-renditions';
import { MediaInputError } from './media-input-error';
import { mediaById } from './media-store';
import type { PixelBudget } from './pixel-budget';
import { renditionTypes, storageKeys } from './renditions';
import { demuxerOf } from './sniff';
import { checkPlayedLength, checkVideoLimits, type VideoLimits } from './video-limits';
import { probeVideo } from './video-probe';
import { extractStill, makeWebVideo } from './video-renditions';

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  /** Scratch space for one job's files; each job works in its own folder and removes it. */
  workDir: string;
  videoLimits: VideoLimits;
  /** Photos decoded at once in this process, shared with uploads' checks. */
  pixels: PixelBudget;
}

type Made = { name: RenditionName; path: string }[];

async function makeRenditions(
  deps: ProcessDeps,
  row: MediaRow,
  source: string,
  dir: string,
  signal: AbortSignal,
) {
  const limits = deps.videoLimits;
  if (row.kind === 'image') {
    const { files } = await makeImageRenditions(source, dir, deps.pixels);
    return { files: files as Made, width: row.width, height: row.height, videoLength: null };
  }
  const demuxer = demuxerOf(row.sourceType);
  const info = await probeVideo(source, demuxer);
  checkVideoLimits(info, limits);
  const still = await extractStill(source, demuxer, info, dir, limits);
  const { files } = await makeImageRenditions(still, dir, deps.pixels);
  const video = await makeWebVideo(source, demuxer, info, dir, limits, signal);
  // Sizes and length as the browser will play them.
  const played = await probeVideo(video.path, 'mov');
  checkPlayedLength(played.duration, limits);
  const length = played.duration ?? info.duration;
  return {
    files: [...files, { name: 'mp4', path: video.path }] as Made,
    width: played.width,
    height: played.height,
    videoLength: length === null ? null : Math.round(length * 100) / 100,
  };
}

const failureText = (kind: MediaKind) =>
  kind === 'video' ? mediaMessages.videoFailed : mediaMessages.imageFailed;

/**
 * One media job: make every rendition from the stored original, store them, mark the media ready and
 * drop the original (it may carry GPS and other metadata; nothing serves it). A bad file marks the
 * media failed with the spec's text and leaves no object behind. Other errors are thrown for a retry,
 * after removing what this attempt stored.
 */
export async function processMedia(deps: ProcessDeps, mediaId: string, signal: AbortSignal): Promise<void> {
  const row = await mediaById(deps.db, mediaId);
  if (!row || row.status !== 'processing' || !row.originalKey) return;
  const dir = await mkdtemp(join(deps.workDir, 'job-'));
  const stored: string[] = [];
  try {
    const original = await deps.storage.localCopy(row.originalKey, dir);
    let made;
    try {
      made = await makeRenditions(deps, row, original.path, dir, signal);
    } finally {
      await original.release();
    }
    const renditions: Record<string, StoredRendition> = {};
    for (const f of made.files) {
      const key = storageKeys.rendition(row.id, f.name);
      const { size } = await stat(f.path);
      await deps.storage.moveIn(key, f.path, renditionTypes[f.name].type);
      stored.push(key);
      renditions[f.name] = { key, type: renditionTypes[f.name].type, size };
    }
    const [updated] = await deps.db
      .update(media)
      .set({
        status: 'ready',
        renditions,
        width: made.width,
        height: made.height,
        videoLength: made.videoLength,
        originalKey: null,
        readyAt: new Date(),
      })
      .where(and(eq(media.id, row.id), eq(media.status, 'processing')))
      .returning({ id: media.id });
    if (!updated) {
      // The media was erased meanwhile: what was just stored belongs to nothing.
      await deps.storage.delete(stored);
      return;
    }
    await deps.storage.delete([row.originalKey]);
  } catch (err) {
    await deps.storage.delete(stored).catch(() => undefined);
    if (err instanceof MediaInputError && !signal.aborted) {
      await failMedia(deps, row.id);
      return;
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Marks a media failed with the spec's words for its kind, and removes what it had. A media whose
 * tries ran out (`keepOriginal`) keeps its original until the sweep erases it with the failed media a
 * day later, so support can queue it again once the cause is fixed (`npm run admin -- retry`).
 */
export async function failMedia(
  deps: ProcessDeps,
  mediaId: string,
  opts: { keepOriginal?: boolean } = {},
): Promise<void> {
  const row = await mediaById(deps.db, mediaId);
  if (!row) return;
  const keys = [
    ...Object.values(row.renditions).map((r) => r.key),
    ...(row.originalKey && !opts.keepOriginal ? [row.originalKey] : []),
  ];
  await deps.storage.delete(keys);
  await deps.db
    .update(media)
    .set({
      status: 'failed',
      error: failureText(row.kind),
      renditions: {},
      ...(opts.keepOriginal ? {} : { originalKey: null }),
    })
    .where(eq(media.id, mediaId));
}
