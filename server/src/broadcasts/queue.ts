import type { QueueDefinition } from '../jobs/jobs';

/** What a broadcast job carries. */
export interface BroadcastJobData {
  broadcastId: string;
}

/**
 * A broadcast's writing, durable on pg-boss: queued with its row, started at its `send_at`, and
 * retried after a crash, resuming with the recipients not yet written (write-broadcast.ts).
 */
export const broadcastQueue: QueueDefinition = {
  name: 'broadcasts',
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 3600,
};
