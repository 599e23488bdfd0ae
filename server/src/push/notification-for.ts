import { notificationText, type PushPayload, type SequencedEvent } from '@cove/contracts';

/**
 * The Notifications settings a push falls under; null for a notification record, whose setting was
 * decided when it was made (`notification_wanted`, docs/rules.md "Notifications").
 */
export type PushCategory = 'notifications' | 'payments' | 'payouts';

/** One notification for one user, as the fan-out job receives it. */
export interface PushItem {
  userId: string;
  category: PushCategory | null;
  payload: PushPayload;
}

const paymentTexts: Partial<Record<string, { title: string; body: string }>> = {
  succeeded: { title: 'Payment successful', body: 'Your payment went through.' },
  failed: { title: 'Payment failed', body: 'Your payment did not go through.' },
  refunded: { title: 'Payment refunded', body: 'Your payment was refunded.' },
};

/**
 * The push an event of a user's log makes, if any: a notification record made or gathered (worded
 * as the centre words it; a gathered record replaces its earlier push by its tag), or the outcome of
 * a payment of theirs, which answers their own action and is no record. Everything else stays in the app.
 */
export function notificationFor(userId: string, event: SequencedEvent): PushItem | null {
  switch (event.type) {
    case 'notification': {
      const n = event.notification;
      return {
        userId,
        category: null,
        payload: { ...notificationText(n), url: n.url, tag: `notification-${n.id}` },
      };
    }
    case 'payment_updated': {
      const texts = paymentTexts[event.status];
      if (!texts) return null;
      return {
        userId,
        category: 'payments',
        payload: { ...texts, url: '/account/history?show=credits', tag: `payment-${event.payment_id}` },
      };
    }
    default:
      return null;
  }
}
