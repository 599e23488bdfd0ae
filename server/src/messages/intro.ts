import type { Emit } from '../realtime/with-events';
import type { Tx } from '../db/transaction';
import type { SendItem } from './send-handoff';
import { draftMessage, toMessageDto, type MessageRow } from './message-dto';
import { addSystemMessage } from './system-messages';

/** A notice of an intro's end, seen by `viewer` only, as its row holds it but for what the database knows. */
function notice(viewer: string, other: string, type: 'intro_ended' | 'intro_ended_model'): MessageRow {
  return draftMessage({
    chatId: '',
    senderId: other,
    recipientId: viewer,
    type,
    system: true,
    visibleTo: viewer,
    text: '',
  });
}

/**
 * What a creator's message carries in case it answers an intro: `send_one` ends the intro then, so
 * the chat's rate applies from now on, and tells both sides in these notices, whose amount is the rate.
 */
export function introNotices(creatorId: string, fanId: string): NonNullable<SendItem['intro_end']> {
  return {
    notice_kind: 'intro_ended',
    fan_view: toMessageDto(notice(fanId, creatorId, 'intro_ended'), fanId, false),
    creator_view: toMessageDto(notice(creatorId, fanId, 'intro_ended_model'), creatorId, false),
  };
}

/**
 * Tells both members that a new chat is an intro, each in their own copy: the fan that the first
 * message is free and what messages cost once the creator replies, the creator what a reply starts.
 */
export async function writeIntroStarted(
  tx: Tx,
  emit: Emit,
  chat: { id: string; creditRate: number },
  fanId: string,
  creatorId: string,
): Promise<void> {
  const notice = { kind: 'intro_started', amount: chat.creditRate } as const;
  await addSystemMessage(tx, emit, chat.id, { viewer: fanId, other: creatorId }, 'for_user_intro', notice);
  await addSystemMessage(tx, emit, chat.id, { viewer: creatorId, other: fanId }, 'for_model_intro', notice);
}
