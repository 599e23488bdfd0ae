import type { FastifyBaseLogger } from 'fastify';
import type { Job, Jobs, WorkerGroup } from '../jobs/jobs';
import { type JobLane, type MediaJobData, mediaJobLanes, sendMediaJob } from './job-lanes';

export interface JobHandlers {
  /** Does the work; throws only for failures worth retrying (storage or database trouble). */
  process(mediaId: string, signal: AbortSignal): Promise<void>;
  /** Called once tries are spent: the media is marked failed. */
  giveUp(mediaId: string): Promise<void>;
  /** Called after a job ends either way (tells the uploader). */
  settled(mediaId: string): Promise<void>;
}

export interface RunnerOptions {
  /** Workers on this instance in each lane; 0 leaves every job to other instances. */
  workers: number;
  log: FastifyBaseLogger;
}

/**
 * Media jobs on pg-boss: `workers` workers on this instance in each lane (job-lanes.ts), each running
 * one job at a time. pg-boss retries a failed try and hands a try past its time limit (a dead worker's)
 * to any instance; after the last try the media is marked failed and the job lands in the dead letter.
 */
export class MediaJobRunner {
  /** Aborted at shutdown: a running video's ffmpeg is stopped and its job handed back. */
  private readonly shutdown = new AbortController();
  private workers: WorkerGroup[] = [];
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly jobs: Jobs,
    private readonly handlers: JobHandlers,
    private readonly opts: RunnerOptions,
  ) {}

  async start(): Promise<void> {
    if (this.opts.workers === 0 || this.workers.length) return;
    this.workers = await Promise.all(
      mediaJobLanes.map((lane) =>
        this.jobs.work<MediaJobData>(lane.queue, this.opts.workers, (job) => this.run(lane, job)),
      ),
    );
  }

  async stop(): Promise<void> {
    this.shutdown.abort();
    await Promise.all(this.workers.map((w) => w.stop()));
    for (const set of this.waiters.values()) for (const w of set) w();
    this.waiters.clear();
  }

  /** Runs every due job now, one after another, on the caller's time (tests; support tools). */
  async drain(): Promise<number> {
    const { boss } = this.jobs;
    let n = 0;
    for (const lane of mediaJobLanes) {
      for (;;) {
        const [job] = await boss.fetch<MediaJobData>(lane.queue, { includeMetadata: true });
        if (!job) break;
        n++;
        try {
          await this.run(lane, job);
          await boss.complete(lane.queue, job.id);
        } catch (err) {
          await boss.fail(lane.queue, job.id, err as object);
        }
      }
    }
    return n;
  }

  /** Something was queued: idle workers look now instead of at their next poll. */
  kick(): void {
    for (const w of this.workers) w.notify();
  }

  /** Resolves when this instance settles the media's job, or after `ms`, whichever comes first. */
  waitFor(mediaId: string, ms: number): Promise<void> {
    if (!this.workers.length || this.shutdown.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const set = this.waiters.get(mediaId) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(mediaId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      this.waiters.set(mediaId, set);
    });
  }

  /** One try. Returning completes the job; throwing fails it (retried, or dead-lettered after the last try). */
  private async run(lane: JobLane, job: Job<MediaJobData>): Promise<void> {
    const { mediaId } = job.data;
    if (this.shutdown.signal.aborted) return this.handBack(lane, job);
    // pg-boss stops waiting for a try at its time limit and lets another worker have the job, so
    // this try's ffmpeg stops then too.
    // One controller a try, stopped by either; not AbortSignal.any, whose derived signals the
    // long-lived shutdown signal keeps a reference to for the life of the process.
    const stopTry = new AbortController();
    let expired = false;
    const timer = setTimeout(
      () => {
        expired = true;
        stopTry.abort();
      },
      Number(job.expireInSeconds) * 1000,
    );
    const onShutdown = () => stopTry.abort();
    this.shutdown.signal.addEventListener('abort', onShutdown, { once: true });
    try {
      await this.handlers.process(mediaId, stopTry.signal);
    } catch (err) {
      if (this.shutdown.signal.aborted && !expired) return this.handBack(lane, job);
      if (job.retryCount < job.retryLimit) {
        this.opts.log.warn({ err, mediaId, try: job.retryCount + 1 }, 'media job failed; will retry');
        throw err;
      }
      this.opts.log.error({ err, mediaId }, 'media job failed for good');
      await this.handlers.giveUp(mediaId);
      await this.settle(mediaId);
      throw err;
    } finally {
      clearTimeout(timer);
      this.shutdown.signal.removeEventListener('abort', onShutdown);
    }
    await this.settle(mediaId);
  }

  /**
   * Shutting down mid-job: the job is queued again as it was, for the next worker here or elsewhere,
   * and this try completes; a deploy does not cost the media one of its tries.
   */
  private async handBack(lane: JobLane, job: Job<MediaJobData>): Promise<void> {
    await sendMediaJob(this.jobs.boss, lane.kind, job.data);
  }

  private async settle(mediaId: string): Promise<void> {
    await this.handlers
      .settled(mediaId)
      .catch((err: unknown) => this.opts.log.warn({ err }, 'media settle notice failed'));
    for (const w of [...(this.waiters.get(mediaId) ?? [])]) w();
  }
}
