import { formatMoney, type Message, type PushPayload, type SequencedEvent } from '@cove/contracts';

/** The Notifications settings a push falls under (`marketing` has none yet). */
export type PushCategory = 'notifications' | 'payments' | 'payouts';

/** One notification for one user, as the fan-out job receives it. */
export interface PushItem {
  userId: string;
  category: PushCategory;
  /** A message's sender: their username becomes the title when the job sends it. */
  senderId: string | null;
  payload: PushPayload;
}

const PREVIEW_LENGTH = 120;

/** What a message's notification says: never a paid message's text, nor a caption of paid media. */
function messageBody(m: Message): string {
  if (m.price > 0) return 'Sent you a paid message';
  if (m.type === 'image') return 'Sent you a photo';
  if (m.type === 'video') return 'Sent you a video';
  if (m.type === 'gif') return 'Sent you a GIF';
  const text = m.text.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

const paymentTexts: Partial<Record<string, { title: string; body: string }>> = {
  succeeded: { title: 'Payment successful', body: 'Your payment went through.' },
  failed: { title: 'Payment failed', body: 'Your payment did not go through.' },
  refunded: { title: 'Payment refunded', body: 'Your payment was refunded.' },
};

/**
 * The push an event of a user's log makes, if any: a message someone else sent them (not Cove's
 * system messages), a payment of theirs settling, a payout completed. Everything else stays in the app.
 */
export function notificationFor(userId: string, event: SequencedEvent): PushItem | null {
  switch (event.type) {
    case 'new_message': {
      const m = event.message;
      if (m.recipient_id !== userId || m.sender_id === userId || m.system) return null;
      return {
        userId,
        category: 'notifications',
        senderId: m.sender_id,
        payload: { title: '', body: messageBody(m), url: `/chats/${m.sender_id}`, tag: `chat-${m.chat_id}` },
      };
    }
    case 'payment_updated': {
      const texts = paymentTexts[event.status];
      if (!texts) return null;
      return {
        userId,
        category: 'payments',
        senderId: null,
        payload: { ...texts, url: '/account/history?show=credits', tag: `payment-${event.payment_id}` },
      };
    }
    case 'payout_completed':
      return {
        userId,
        category: 'payouts',
        senderId: null,
        payload: {
          title: 'Payout completed',
          body: `${formatMoney(event.amount)} is on its way to you.`,
          url: '/account/earnings/payouts',
          tag: `payout-${event.payout_id}`,
        },
      };
    default:
      return null;
  }
}
