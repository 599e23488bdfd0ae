import type { NotificationKind } from '@cove/contracts';

/** The picture of a record's kind, beside the person's avatar (or alone for Cove's own). */
export const kindIcon: Record<NotificationKind, string> = {
  message: '💬',
  tip: '💝',
  purchase: '🔓',
  post_purchase: '🔓',
  new_follower: '➕',
  new_subscriber: '⭐',
  renewal: '🔁',
  new_post: '📰',
  payout: '💸',
  application: '📝',
  moderation: '🛡️',
};
