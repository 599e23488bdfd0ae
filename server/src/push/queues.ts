import type { PushPayload } from '@cove/contracts';
import type { QueueDefinition } from '../jobs/jobs';
import type { PushItem } from './notification-for';

/** What a fan-out job carries: the notifications of the events one commit appended. */
export interface FanOutJobData {
  items: PushItem[];
}

/** What a send job carries: one notification for one endpoint. */
export interface SendJobData {
  subscriptionId: string;
  payload: PushPayload;
}

/**
 * Choosing who is pushed to: a few quick tries (a failed one sends nothing, so retrying it never
 * pushes twice), and a push no longer worth sending once its moment has passed.
 */
export const pushFanOutQueue: QueueDefinition = {
  name: 'push-fanout',
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 120,
  retentionMinutes: 60,
};

/** One push to one endpoint, retried with backoff while the push service is down or busy. */
export const pushSendQueue: QueueDefinition = {
  name: 'push-send',
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 60,
  retentionMinutes: 60,
};
