import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaKind } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MediaSettings } from '../config';
import { createStorage, type Storage } from '../storage';
import { periodic, type WorkerGroup } from '../jobs/jobs';
import type { AcceptDeps } from './accept-upload';
import type { MediaContext } from './for-message';
import { mediaJobSeconds, mediaQueues, sendMediaJob } from './job-lanes';
import { repairMediaJobs } from './job-repair';
import { MediaJobRunner } from './job-runner';
import { mediaById } from './media-store';
import { PixelBudget } from './pixel-budget';
import { failMedia, processMedia } from './process-media';
import { sweepMedia } from './sweep';
import { dataDirSecret } from '../data-dir-secret';
import { UrlSigner } from './url-signer';
import { defaultVideoLimits } from './video-limits';

/** Everything media code needs, as `app.media`. Message code passes it to `mediaForMessage`. */
export interface MediaService extends MediaContext, AcceptDeps {
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

/**
 * Every 10 minutes, on one instance at a time: erased media, old failures and stray files go, and media
 * left without a job are repaired (job-repair.ts).
 */
const mediaSweep = periodic('media-sweep', '*/10 * * * *', 1800);

export interface MediaPluginOptions {
  /** Replaces the configured storage (tests run the same suite on disk and S3 this way). */
  storage?: Storage;
}

/**
 * Storage, URL signing, the media queues and this instance's media workers (started once the app is
 * ready; stopped, with running jobs handed back, before it closes).
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance, opts: MediaPluginOptions) => {
    const settings = app.config.media;
    const root = join(app.config.dataDir, 'media');
    const stagingDir = join(root, 'staging');
    const workDir = join(root, 'work');
    for (const dir of [stagingDir, workDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const storage = opts.storage ?? createStorage(app.config);
    const signer = new UrlSigner(
      dataDirSecret(app.config.dataDir, 'media-url-secret', settings.urlSecret),
      settings.urlTtlSeconds,
    );
    const videoLimits = { ...defaultVideoLimits, maxSeconds: settings.maxVideoSeconds };
    const pixels = new PixelBudget(settings.decodeMegapixels * 1_000_000);
    const deps = { db: app.db, storage, workDir, videoLimits, pixels };
    const { boss } = app.jobs;

    const settled = async (mediaId: string) => {
      const row = await mediaById(app.db, mediaId);
      if (row)
        await app.realtime.emit(row.ownerId, {
          type: 'media_status',
          media_id: row.id,
          status: row.status,
          message: row.error,
        });
    };
    const giveUp = (mediaId: string) => failMedia(deps, mediaId, { keepOriginal: true });
    const runner = new MediaJobRunner(
      app.jobs,
      { process: (mediaId, signal) => processMedia(deps, mediaId, signal), giveUp, settled },
      { workers: settings.workers, log: app.log.child({ part: 'media-jobs' }) },
    );

    app.decorate('media', {
      db: app.db,
      signer,
      storage,
      pixels,
      runner,
      settings,
      stagingDir,
      workDir,
      maxBytes: { image: settings.maxPhotoBytes, video: settings.maxVideoBytes },
      enqueue: (tx, row, video) =>
        sendMediaJob(
          boss,
          row.kind,
          { mediaId: row.id, expireInSeconds: mediaJobSeconds(video, videoLimits) },
          tx,
        ),
    } satisfies MediaService);

    let sweeper: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues(mediaQueues);
      // An instance that processes no media leaves the sweep to those that do.
      sweeper = await app.jobs.schedule(
        mediaSweep,
        async () => {
          await sweepMedia({ db: app.db, storage, scratchDirs: [stagingDir, workDir] });
          await repairMediaJobs({
            db: app.db,
            boss,
            videoLimits,
            giveUp: async (mediaId) => {
              await giveUp(mediaId);
              await settled(mediaId);
            },
          });
        },
        settings.workers > 0,
      );
      await runner.start();
    });
    app.addHook('preClose', async () => {
      await runner.stop();
      await sweeper?.stop();
      if (!opts.storage) await storage.close();
    });
  },
  { name: 'media', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['config', 'db'] } },
);
