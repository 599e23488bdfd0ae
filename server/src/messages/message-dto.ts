import type { MediaDescriptor, Message } from '@cove/contracts';
import type { messages } from '../db/schema';

export type MessageRow = typeof messages.$inferSelect;

/**
 * A message as one viewer sees it. A paid message stays locked for its recipient until bought:
 * the price shows, the content does not.
 */
export function toMessageDto(
  m: MessageRow,
  viewerId: string,
  bought: boolean,
  media: MediaDescriptor | null = null,
): Message {
  const locked = m.price > 0 && m.senderId !== viewerId && !bought;
  return {
    _id: String(m.id),
    type: m.type,
    chat_id: m.chatId,
    sender_id: m.senderId,
    recipient_id: m.recipientId,
    text: locked ? '' : m.text,
    system: m.system,
    price: m.price,
    price_in_dollars: m.price / 10,
    self_destruct: m.selfDestruct,
    gif_url: locked ? null : m.gifUrl,
    media_id: locked ? null : m.mediaId,
    media,
    parent_message_id: m.parentMessageId === null ? null : String(m.parentMessageId),
    created_at: m.createdAt.toISOString(),
    send_id: m.senderId === viewerId ? m.sendId : null,
    paid: m.price > 0 && (bought || m.senderId === viewerId),
    is_read: m.readAt !== null,
    read_at: m.readAt?.toISOString() ?? null,
    destruct_at: m.destructAt?.toISOString() ?? null,
    deleted: m.deletedAt !== null,
  };
}
