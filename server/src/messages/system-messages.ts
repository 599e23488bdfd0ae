import type { MessageNotice } from '@cove/contracts';
import { messages } from '../db/schema';
import type { Emit } from '../realtime/with-events';
import { toMessageDto, type MessageRow } from './message-dto';
import type { Tx } from '../db/transaction';

type SystemType = MessageRow['type'];

/**
 * A message written by Cove into a chat, seen by one member only (most system messages). `line` is its
 * sentence, or for a line about money its notice (kind and amount), which the viewer's screen words.
 */
export async function addSystemMessage(
  tx: Tx,
  emit: Emit,
  chatId: string,
  to: { viewer: string; other: string },
  type: SystemType,
  line: string | MessageNotice,
  extra: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      chatId,
      senderId: to.other,
      recipientId: to.viewer,
      visibleTo: to.viewer,
      system: true,
      type,
      ...(typeof line === 'string' ? { text: line } : { text: '', notice: line }),
      ...extra,
    })
    .returning();
  if (!row) throw new Error('system message insert returned nothing');
  emit(to.viewer, { type: 'new_message', message: toMessageDto(row, to.viewer, false) });
  return row;
}
