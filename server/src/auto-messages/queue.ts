import type { AutoMessageCategory } from '@cove/contracts';
import type { QueueDefinition } from '../jobs/jobs';

/** What an auto-message job carries: whose messages, to whom, for which trigger. */
export interface AutoMessageJobData {
  creatorId: string;
  fanId: string;
  category: AutoMessageCategory;
}

/**
 * Auto-message deliveries, one job per (creator, fan, category), started after the category's delay.
 * `stately` with that triple as the singleton key keeps one queued and one running per triple; the
 * `auto_message_sends` row written with the messages is what makes a delivery happen at most once.
 */
export const autoMessageQueue: QueueDefinition = {
  name: 'auto-messages',
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

export const singletonKeyOf = (d: AutoMessageJobData) => `${d.creatorId}:${d.fanId}:${d.category}`;
