import { eq } from 'drizzle-orm';
import { chats } from '../db/schema';
import type { ChatRow } from '../chats/chat-store';
import type { Emit } from '../realtime/with-events';
import { addSystemMessage } from './system-messages';
import type { Tx } from '../db/transaction';

/** The creator answered an intro: from now on the chat's rate applies, and both sides are told. */
export async function endIntro(
  tx: Tx,
  emit: Emit,
  chat: ChatRow,
  creatorId: string,
  fanId: string,
): Promise<void> {
  await tx.update(chats).set({ introEnded: true }).where(eq(chats.id, chat.id));
  const rate = `${chat.creditRate} credits per message`;
  await addSystemMessage(
    tx,
    emit,
    chat.id,
    { viewer: fanId, other: creatorId },
    'intro_ended',
    `Your intro is over: messages now cost ${rate}.`,
  );
  await addSystemMessage(
    tx,
    emit,
    chat.id,
    { viewer: creatorId, other: fanId },
    'intro_ended_model',
    `The intro is over: this fan now pays ${rate}.`,
  );
}
