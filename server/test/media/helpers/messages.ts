import { randomUUID } from 'node:crypto';
import { messages } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/test-app';

/**
 * A message carrying a media, written straight to the table as the send path will write it (the
 * send route is the message code's; these tests are about who may see the media).
 */
export async function messageWithMedia(
  t: TestApp,
  opts: {
    chatId: string;
    senderId: string;
    recipientId: string;
    mediaId: string;
    price?: number;
    type?: 'image' | 'video';
  },
) {
  const [row] = await t.db
    .insert(messages)
    .values({
      chatId: opts.chatId,
      senderId: opts.senderId,
      recipientId: opts.recipientId,
      type: opts.type ?? 'image',
      mediaId: opts.mediaId,
      price: opts.price ?? 0,
      sendId: randomUUID(),
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}
