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
  // pg-boss spends a try on every start of a job a dead worker left (and fails it, with the broadcast
  // left 'sending' forever, once they run out). A try loses no work (it resumes with the recipients
  // not yet written), so tries are not rationed: a broadcast is written to the end however often its
  // server dies mid-write (test/broadcasts/broadcast-crash.test.ts). Errors are rationed instead: the
  // writing of a broadcast that throws FAILURE_LIMIT times is given up (fail-broadcast.ts).
  retryLimit: 1000,
  retryDelay: 10,
  retryBackoff: true,
  // Long enough for the largest broadcast: pg-boss has no heartbeat, and a live writing past its expiry
  // would be handed to a second worker. A crash does not wait for it: every start resumes what a
  // killed worker left (resume.ts).
  expireInSeconds: 3600,
};
