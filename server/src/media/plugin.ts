import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaKind } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MediaSettings } from '../config';
import { createStorage, type Storage } from '../storage';
import type { MediaContext } from './for-message';
import { MediaJobRunner } from './job-runner';
import { mediaById } from './media-store';
import { failMedia, processMedia } from './process-media';
import { sweepMedia } from './sweep';
import { mediaUrlSecret } from './url-secret';
import { UrlSigner } from './url-signer';
import { defaultVideoLimits } from './video-limits';

/** Everything media code needs, as `app.media`. Message code passes it to `mediaForMessage`. */
export interface MediaService extends MediaContext {
  storage: Storage;
  runner: MediaJobRunner;
  settings: MediaSettings;
  /** Uploads being received. */
  stagingDir: string;
  /** Jobs' scratch space. */
  workDir: string;
  maxBytes: Record<MediaKind, number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

export interface MediaPluginOptions {
  /** Replaces the configured storage (tests run the same suite on disk and S3 this way). */
  storage?: Storage;
}

/** Storage, URL signing and the media job runner; the runner starts with the app and stops before it closes. */
export const mediaPlugin = fp(async (app: FastifyInstance, opts: MediaPluginOptions) => {
  const settings = app.config.media;
  const root = join(app.config.dataDir, 'media');
  const stagingDir = join(root, 'staging');
  const workDir = join(root, 'work');
  for (const dir of [stagingDir, workDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const storage = opts.storage ?? createStorage(app.config);
  const signer = new UrlSigner(
    mediaUrlSecret(app.config.dataDir, settings.urlSecret),
    settings.urlTtlSeconds,
  );
  const videoLimits = { ...defaultVideoLimits, maxSeconds: settings.maxVideoSeconds };
  const deps = { db: app.db, storage, workDir, videoLimits };

  const runner = new MediaJobRunner(
    app.db,
    {
      process: (mediaId, signal) => processMedia(deps, mediaId, signal),
      giveUp: (mediaId) => failMedia(deps, mediaId),
      settled: async (mediaId) => {
        const row = await mediaById(app.db, mediaId);
        if (row)
          await app.realtime.emit(row.ownerId, {
            type: 'media_status',
            media_id: row.id,
            status: row.status,
            message: row.error,
          });
      },
      sweep: async () => void (await sweepMedia({ db: app.db, storage, scratchDirs: [stagingDir, workDir] })),
    },
    { workers: settings.workers, log: app.log.child({ part: 'media-jobs' }) },
  );

  app.decorate('media', {
    db: app.db,
    signer,
    storage,
    runner,
    settings,
    stagingDir,
    workDir,
    maxBytes: { image: settings.maxPhotoBytes, video: settings.maxVideoBytes },
  } satisfies MediaService);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => {
    await runner.stop();
    if (!opts.storage) await storage.close();
  });
});
