import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type JobLane, mediaJobLanes } from './job-lanes';
import { claimJob, finishJob, heartbeat, requeueStale, retryJob } from './job-store';

export interface JobHandlers {
  /** Does the work; throws only for failures worth retrying (storage or database trouble). */
  process(mediaId: string, signal: AbortSignal): Promise<void>;
  /** Called once retries are spent: the media is marked failed and its files removed. */
  giveUp(mediaId: string, err: unknown): Promise<void>;
  /** Called after a job ends either way (tells the uploader). */
  settled(mediaId: string): Promise<void>;
  /** Periodic housekeeping (erasing deleted media and old leftovers). */
  sweep(): Promise<void>;
}

export interface RunnerOptions {
  workers: number;
  log: FastifyBaseLogger;
  pollMs?: number;
  sweepMs?: number;
}

const MAX_ATTEMPTS = 3;
const HEARTBEAT_MS = 30_000;
const STALE_SECONDS = 180;

/**
 * A small job runner on the database: `workers` loops on this instance in each lane (job-lanes.ts),
 * each claiming one media job of its lane at a time. New uploads wake it at once; otherwise it polls,
 * so jobs queued by other instances (or left by a crash) are picked up too.
 */
export class MediaJobRunner {
  private stopped = true;
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private lastHousekeeping = 0;

  constructor(
    private readonly db: Db,
    private readonly handlers: JobHandlers,
    private readonly opts: RunnerOptions,
  ) {}

  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (this.opts.workers === 0 || !this.stopped) return;
    this.stopped = false;
    this.loops = mediaJobLanes.flatMap((lane) =>
      Array.from({ length: this.opts.workers }, () => this.loop(lane)),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.kick();
    await Promise.allSettled(this.loops);
    for (const set of this.waiters.values()) for (const w of set) w();
    this.waiters.clear();
  }

  /** Runs every due job now, one after another, on the caller's time (tests; support tools). */
  async drain(): Promise<number> {
    let n = 0;
    for (let job = await claimJob(this.db); job; job = await claimJob(this.db)) {
      await this.run(job);
      n++;
    }
    return n;
  }

  /** Something was queued: idle workers look now instead of at their next poll. */
  kick(): void {
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  /** Resolves when this instance settles the media's job, or after `ms`, whichever comes first. */
  waitFor(mediaId: string, ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
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

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  private async loop(lane: JobLane): Promise<void> {
    while (!this.stopped) {
      try {
        await this.housekeeping();
        const job = await claimJob(this.db, lane.kinds);
        if (job) await this.run(job);
        else await this.sleep(this.opts.pollMs ?? 2000);
      } catch (err) {
        if (this.stopped) return;
        this.opts.log.warn({ err, lane: lane.name }, 'media job loop failed; retrying');
        await this.sleep(this.opts.pollMs ?? 2000);
      }
    }
  }

  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastHousekeeping < (this.opts.sweepMs ?? 10 * 60_000)) return;
    this.lastHousekeeping = now;
    await requeueStale(this.db, STALE_SECONDS);
    await this.handlers.sweep().catch((err: unknown) => this.opts.log.warn({ err }, 'media sweep failed'));
  }

  private async run(job: { id: number; mediaId: string; attempts: number }): Promise<void> {
    const beat = setInterval(() => void heartbeat(this.db, job.id).catch(() => undefined), HEARTBEAT_MS);
    let settled = true;
    try {
      await this.handlers.process(job.mediaId, this.abort.signal);
      await finishJob(this.db, job.id);
    } catch (err) {
      if (this.abort.signal.aborted) {
        // Shutting down mid-job: hand it back for the next worker, here or elsewhere.
        settled = false;
        await retryJob(this.db, job.id, 'interrupted by shutdown', 0);
      } else if (job.attempts < MAX_ATTEMPTS) {
        settled = false;
        this.opts.log.warn(
          { err, mediaId: job.mediaId, attempt: job.attempts },
          'media job failed; will retry',
        );
        await retryJob(this.db, job.id, String(err), 30 * job.attempts);
      } else {
        this.opts.log.error({ err, mediaId: job.mediaId }, 'media job failed for good');
        await this.handlers.giveUp(job.mediaId, err);
        await finishJob(this.db, job.id);
      }
    } finally {
      clearInterval(beat);
    }
    if (settled) {
      await this.handlers
        .settled(job.mediaId)
        .catch((err: unknown) => this.opts.log.warn({ err }, 'media settle notice failed'));
      for (const w of [...(this.waiters.get(job.mediaId) ?? [])]) w();
    }
  }
}
