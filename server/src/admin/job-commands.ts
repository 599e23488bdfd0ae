import type { Db } from '../db/client';
import { adminActions } from '../db/schema';
import { isUuid } from '../ids';
import { bossDb } from '../jobs/boss-db';
import { newBoss } from '../jobs/jobs';
import { deadLetters, queueCounts } from '../jobs/job-tables';
import { isMediaQueue } from '../media/job-lanes';
import { retryMediaJob } from '../media/job-retry';
import { AdminCommandError, defaultReason } from './commands';

/** Support commands on the background jobs (pg-boss's queues), not on one account. */
export const jobCommands = {
  jobs: 'list the job queues with their jobs by state',
  'dead-letter': 'list jobs that failed every try: queue, job id, media, when, error',
  retry: '<job id>  queue a dead-lettered job again, with fresh tries',
} as const;
export type JobCommand = keyof typeof jobCommands;

export const isJobCommand = (c: string): c is JobCommand => Object.hasOwn(jobCommands, c);

export interface JobRequest {
  actor: string;
  command: JobCommand;
  args: string[];
}

/** Rows as aligned columns under a header. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function runJobCommand(db: Db, req: JobRequest): Promise<string> {
  switch (req.command) {
    case 'jobs': {
      const queues = await queueCounts(db);
      if (!queues.length) return 'No job queues yet: they are made when the server first starts.';
      return table(
        ['queue', 'queued', 'retry', 'active', 'completed', 'failed'],
        queues.map((q) => [q.name, ...[q.created, q.retry, q.active, q.completed, q.failed].map(String)]),
      );
    }
    case 'dead-letter': {
      const letters = await deadLetters(db);
      if (!letters.length) return 'No dead-lettered jobs.';
      return table(
        ['queue', 'job id', 'media', 'failed at', 'error'],
        letters.map((l) => [
          l.queue,
          l.id,
          typeof l.data.mediaId === 'string' ? l.data.mediaId : '-',
          l.failedAt.toISOString(),
          l.error ?? '-',
        ]),
      );
    }
    case 'retry': {
      const id = req.args[0] ?? '';
      if (!isUuid(id))
        throw new AdminCommandError('retry takes the id of a dead-lettered job (see dead-letter).');
      const [letter] = await deadLetters(db, { id });
      if (!letter) throw new AdminCommandError(`No dead-lettered job ${id}.`);
      if (!isMediaQueue(letter.queue))
        throw new AdminCommandError(`Jobs of ${letter.queue} cannot be retried.`);
      const row = await retryMediaJob(db, newBoss(bossDb(db)), letter, async (tx, m) => {
        await tx.insert(adminActions).values({
          actor: req.actor,
          command: req.command,
          targetUserId: m.ownerId,
          args: req.args,
          reason: defaultReason,
        });
      });
      if (!row)
        throw new AdminCommandError(
          `Media ${String(letter.data.mediaId)} cannot be processed again: it was erased or has no original left.`,
        );
      return `Job ${id} is queued again on ${letter.queue} (media ${row.id}).`;
    }
  }
}
