import type { SendItem } from './send-handoff';
import { draftMessage, toMessageDto, type MessageRow } from './message-dto';

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
