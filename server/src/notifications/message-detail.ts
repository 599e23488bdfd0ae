import type { MessageRow } from '../messages/message-dto';

const PREVIEW_LENGTH = 120;

/**
 * What a message's notification says of it (its `detail`): never a paid message's text, nor a
 * caption of paid media.
 */
export function messageDetail(m: Pick<MessageRow, 'price' | 'type' | 'text'>): string {
  if (m.price > 0) return 'Sent you a paid message';
  if (m.type === 'image') return 'Sent you a photo';
  if (m.type === 'video') return 'Sent you a video';
  if (m.type === 'gif') return 'Sent you a GIF';
  const text = m.text.replace(/\s+/g, ' ').trim();
  if (!text) return 'Sent you a message';
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}
