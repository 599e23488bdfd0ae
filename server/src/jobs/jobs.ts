import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { retryConflicts } from '../db/transaction';
import { bossDb } from './boss-db';
import { InFlight } from './in-flight';

export type Job<T extends object> = PgBoss.JobWithMetadata<T>;

/** A queue and the rules its jobs follow; its dead letter, when it has one, is made with it. */
export type QueueDefinition = PgBoss.Queue & { name: string };

/** Workers of one kind on this instance. */
export interface WorkerGroup {
  /** Something was queued: idle workers look now instead of at their next poll. */
  notify(): void;
  /** No more jobs are fetched; resolves when the running ones have ended. */
  stop(): Promise<void>;
}

/** A periodic job: pg-boss's clock queues it once for all instances (every minute at the finest). */
export interface Schedule {
  queue: QueueDefinition;
  cron: string;
}

/**
 * A schedule whose runs take turns (`stately`: one queued, one running) and are not retried, since the
 * next round comes anyway; `expireInSeconds` is how long one run may take before pg-boss fails it.
 */
export function periodic(name: string, cron: string, expireInSeconds: number): Schedule {
  return { queue: { name, policy: 'stately', retryLimit: 0, expireInSeconds }, cron };
}

/** How often pg-boss's maintenance runs: it hands a job whose worker vanished to another worker once expired. */
const MAINTENANCE_SECONDS = 60;
/** How long a shutdown waits for running jobs before pg-boss fails them (they are retried). */
const STOP_TIMEOUT_MS = 20_000;

/** pg-boss configured as Cove runs it: its tables in the `pgboss` schema, created or upgraded at start. */
export function newBoss(connection: PgBoss.Db): PgBoss {
  return new PgBoss({ db: connection, maintenanceIntervalSeconds: MAINTENANCE_SECONDS });
}

/** Background jobs on the app's own database through pg-boss (`app.jobs`). */
export class Jobs {
  readonly boss: PgBoss;
  /** pg-boss's queries and the handlers of this instance's workers. */
  private readonly inFlight = new InFlight();
  /** This instance's workers by queue, for `wake`. */
  private readonly workerIds = new Map<string, string[]>();

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.boss = newBoss(bossDb(db, this.inFlight));
    this.boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  /**
   * Makes the queues (a dead letter before the queue that refers to it) or brings existing ones' rules
   * up to date. pg-boss makes a queue's table and attaches it to its job table; two instances doing so
   * at once deadlock, so instances take turns, and a collision with pg-boss's own start is retried.
   */
  async ensureQueues(queues: QueueDefinition[]): Promise<void> {
    await retryConflicts(() =>
      this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cove: pg-boss queues'))`);
        const boss = newBoss(bossDb(tx));
        for (const queue of queues) {
          if (queue.deadLetter) await boss.createQueue(queue.deadLetter);
          await boss.createQueue(queue.name, queue);
          await boss.updateQueue(queue.name, queue);
        }
      }),
    );
  }

  /**
   * `count` workers on `queue`, each running one job at a time. A handler that throws fails its job:
   * pg-boss retries it or, out of tries, moves it to the queue's dead letter.
   */
  async work<T extends object>(
    queue: string,
    count: number,
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<WorkerGroup> {
    const running = new InFlight();
    const run = async ([job]: Job<T>[]) => {
      if (job) await handler(job);
    };
    const ids = await Promise.all(
      Array.from({ length: count }, () =>
        this.boss.work<T>(queue, { includeMetadata: true }, (jobs) =>
          this.inFlight.track(running.track(run(jobs))),
        ),
      ),
    );
    this.workerIds.set(queue, [...(this.workerIds.get(queue) ?? []), ...ids]);
    return {
      notify: () => ids.forEach((id) => this.boss.notifyWorker(id)),
      stop: async () => {
        for (const id of ids) await this.boss.offWork({ id });
        this.workerIds.set(
          queue,
          (this.workerIds.get(queue) ?? []).filter((id) => !ids.includes(id)),
        );
        await running.settled();
      },
    };
  }

  /**
   * Makes this instance's workers of `queue` look for a job now instead of at their next poll (a
   * couple of seconds): for work queued by a request that someone is waiting on. Other instances'
   * workers still find it by polling.
   */
  wake(queue: string): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Runs `run` each time the schedule comes round, on one instance only: the queue takes one job
   * queued and one running at a time. `work: false` leaves the running to other instances.
   */
  async schedule(schedule: Schedule, run: () => Promise<void>, work = true): Promise<WorkerGroup | null> {
    await this.ensureQueues([schedule.queue]);
    await this.boss.schedule(schedule.queue.name, schedule.cron);
    return work ? this.work(schedule.queue.name, 1, run) : null;
  }

  /** Stops fetching, lets running jobs finish (for a while), then waits for pg-boss's last queries. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    await this.inFlight.settled();
  }
}
