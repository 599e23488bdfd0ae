import {
  dollarsOf,
  type BundleItem,
  type MediaDescriptor,
  type Message,
  type MessageNotice,
} from '@cove/contracts';
import type { messages } from '../db/schema';

export type MessageRow = typeof messages.$inferSelect;

/**
 * A message as one viewer sees it. A paid message stays locked for its recipient until bought:
 * the price shows, the content does not, but for a bundle's text and what it holds (`items`, each
 * described for this viewer), which are what the fan decides on (docs/rules.md, "Bundles").
 */
export function toMessageDto(
  m: MessageRow,
  viewerId: string,
  bought: boolean,
  media: MediaDescriptor | null = null,
  items: BundleItem[] | null = null,
): Message {
  const locked = m.price > 0 && m.senderId !== viewerId && !bought;
  return {
    _id: String(m.id),
    type: m.type,
    chat_id: m.chatId,
    sender_id: m.senderId,
    recipient_id: m.recipientId,
    // A locked photo, video or bundle keeps its caption in view, so nothing is bought blind
    // (docs/rules.md, Paid messages); a paid message without media is all text, and stays hidden.
    text: locked && m.mediaId === null && !items ? '' : m.text,
    system: m.system,
    notice: m.notice,
    price: m.price,
    price_in_dollars: dollarsOf(m.price),
    self_destruct: m.selfDestruct,
    gif_url: locked ? null : m.gifUrl,
    media_id: locked ? null : m.mediaId,
    media,
    media_items: items,
    parent_message_id: m.parentMessageId === null ? null : String(m.parentMessageId),
    created_at: m.createdAt.toISOString(),
    send_id: m.senderId === viewerId ? m.sendId : null,
    paid: m.price > 0 && (bought || m.senderId === viewerId),
    is_read: m.readAt !== null,
    read_at: m.readAt?.toISOString() ?? null,
    destruct_at: m.destructAt?.toISOString() ?? null,
    deleted: m.deletedAt !== null,
    tip_note: m.tipNote,
    tip_post_id: m.tipPostId,
  };
}

/**
 * A message as its row would hold it before the insert: what the sender decides, with the defaults of
 * a new row and placeholders for what only the database knows (id, time).
 */
export function draftMessage(
  values: Pick<MessageRow, 'chatId' | 'senderId' | 'recipientId' | 'type' | 'text'> & Partial<MessageRow>,
): MessageRow {
  return {
    id: 0,
    system: false,
    visibleTo: null,
    notice: null,
    gifUrl: null,
    mediaId: null,
    price: 0,
    cost: 0,
    selfDestruct: false,
    destructAt: null,
    parentMessageId: null,
    sendId: null,
    tipNote: null,
    tipPostId: null,
    readAt: null,
    deletedAt: null,
    createdAt: new Date(0),
    ...values,
  };
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** A message row as PostgreSQL's `to_jsonb` writes it (the batched send path answers with it). */
export function messageFromJson(j: Record<string, unknown>): MessageRow {
  return {
    id: Number(j.id),
    chatId: j.chat_id as string,
    senderId: j.sender_id as string,
    recipientId: j.recipient_id as string,
    type: j.type as MessageRow['type'],
    system: j.system as boolean,
    visibleTo: (j.visible_to as string | null) ?? null,
    text: j.text as string,
    notice: (j.notice as MessageNotice | null | undefined) ?? null,
    gifUrl: (j.gif_url as string | null) ?? null,
    mediaId: (j.media_id as string | null) ?? null,
    price: Number(j.price),
    cost: Number(j.cost),
    selfDestruct: j.self_destruct as boolean,
    destructAt: dateOrNull(j.destruct_at),
    parentMessageId: j.parent_message_id === null ? null : Number(j.parent_message_id),
    sendId: (j.send_id as string | null) ?? null,
    tipNote: (j.tip_note as string | null) ?? null,
    tipPostId: (j.tip_post_id as string | null) ?? null,
    readAt: dateOrNull(j.read_at),
    deletedAt: dateOrNull(j.deleted_at),
    createdAt: new Date(j.created_at as string),
  };
}
