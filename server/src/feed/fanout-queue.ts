import type { QueueDefinition } from '../jobs/jobs';

/** What a fan-out job carries: the post whose `feed_fanouts` row it works through. */
export interface FeedFanoutJobData {
  postId: string;
}

/**
 * Posts' unread counts carried to their audience (fanout.ts). A try loses no work (the row keeps the
 * last person reached), so a crashed or failed try is simply run again.
 */
export const feedFanoutQueue: QueueDefinition = {
  name: 'feed-fanouts',
  retryLimit: 1000,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 3600,
};
