import type { FastifyBaseLogger } from 'fastify';
import type { AppendedEvent } from '../realtime/with-events';
import { notificationFor, type PushItem } from './notification-for';

/** How long notifications gather before one fan-out job takes them. */
const GATHER_MS = 50;
/** Notifications per fan-out job (a broadcast's thousands make several). */
const JOB_SIZE = 500;

/**
 * Between the event log and the fan-out queue: the notifications of commits made close together go
 * out as one job, queued off the path of the request that committed them.
 */
export class PushOutbox {
  private pending: PushItem[] = [];
  private timer: NodeJS.Timeout | undefined;
  private queued: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: (items: PushItem[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(events: AppendedEvent[]): void {
    for (const { userId, event } of events) {
      const item = notificationFor(userId, event);
      if (item) this.pending.push(item);
    }
    if (this.pending.length > 0) this.timer ??= setTimeout(() => this.flush(), GATHER_MS);
  }

  /** Queues what is gathered now and waits until everything handed over is queued. */
  async close(): Promise<void> {
    this.flush();
    await this.queued;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending;
    this.pending = [];
    for (let i = 0; i < items.length; i += JOB_SIZE) {
      const batch = items.slice(i, i + JOB_SIZE);
      this.queued = this.queued
        .then(() => this.queue(batch))
        .catch((err: unknown) =>
          this.log.warn({ err, count: batch.length }, 'push notifications not queued'),
        );
    }
  }
}
