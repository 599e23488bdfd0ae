import { sentMessageType, systemLineText, type Message } from '@cove/contracts';
import { bundleContents, formatMoney, messageTime } from '@cove/runtime';

/** Messages Cove writes into a chat: shown as a line across the thread, not a bubble. */
export const isSystem = (m: Pick<Message, 'system' | 'type'>) =>
  m.system || !(sentMessageType.options as readonly string[]).includes(m.type);

/** A paid message its recipient has not bought: the server sends no text and only blurred media. */
export const isLocked = (m: Message, mine: boolean) =>
  m.media && !m.media_items ? m.media.locked : !mine && !m.paid && m.price > 0;

function contents(m: Message): string {
  if (m.type === 'gif') return 'GIF';
  if (m.type === 'image' || m.type === 'video') {
    const what = m.media_items ? bundleContents(m.media_items) : m.type === 'video' ? 'Video' : 'Photo';
    return m.text ? `${what}: ${m.text}` : what;
  }
  return m.text;
}

/**
 * A message as a screen reader says it when it is focused: who, when, what, and its price (locked,
 * bought, or what the sender asked), then whether the other person has read one's own.
 */
export function messageSummary(m: Message, mine: boolean, otherName: string | null): string {
  const when = messageTime(m.created_at);
  if (isSystem(m)) return `${systemLineText(m, otherName)}, ${when}`;
  const parts = [`${mine ? 'You' : (otherName ?? 'Them')}, ${when}`];
  if (m.parent_message_id) parts.push('A reply');
  const price = formatMoney(m.price);
  if (isLocked(m, mine)) {
    parts.push(
      m.type === 'text' ? `Locked message, ${price} to unlock` : `Locked ${contents(m)}, ${price} to unlock`,
    );
  } else {
    parts.push(contents(m));
    if (m.price > 0) parts.push(mine ? `Paid, ${price}` : `Bought, ${price}`);
  }
  if (mine) parts.push(m.is_read ? 'Read' : 'Sent');
  return parts.filter(Boolean).join('. ');
}
