import type { Chat, ChatUser } from '@cove/contracts';
import type { chatMembers, chats, notes, UserRow } from '../db/schema';
import { toPublicUser } from '../users/public-dto';

type ChatRow = typeof chats.$inferSelect;
type MemberRow = typeof chatMembers.$inferSelect;
type NoteRow = typeof notes.$inferSelect;

/** A chat as one of its members sees it. */
export function toChatDto(
  chat: ChatRow,
  me: MemberRow,
  other: MemberRow | undefined,
  myNotes: NoteRow[],
  person: UserRow,
  blocks: { byMe: boolean; byOther: boolean },
): Chat {
  return {
    _id: chat.id,
    chat_id: chat.id,
    recipient_id: me.otherId,
    other_user: {
      _id: me.otherId,
      username: person.username,
      avatar_url: person.avatarUrl,
      deleted: person.deletedAt !== null,
    },
    unread_messages: me.unread,
    unread_favorites: me.favorite ? me.unread : 0,
    last_message_id: chat.lastMessageId === null ? null : String(chat.lastMessageId),
    last_message_time: chat.lastMessageAt?.toISOString() ?? null,
    last_message_text: chat.lastMessageText,
    last_message_sender_id: chat.lastSenderId,
    last_message_notice: chat.lastMessageNotice,
    created_at: chat.createdAt.toISOString(),
    credits: me.spentByOther,
    credit_rate: chat.creditRate,
    new_rate: null,
    unread_tip: me.unreadTip,
    // The spec's field says who blocked media: the other person, when they did.
    media_blocked_from: other?.mediaBlocked ? other.userId : me.mediaBlocked ? me.userId : null,
    blocked: blocks.byMe,
    blocked_by_other: blocks.byOther,
    hidden: me.hidden,
    is_intro: chat.isIntro,
    intro_ended: chat.introEnded,
    notes: myNotes.map((n) => ({
      id: n.id,
      note: n.text,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
    })),
    favorite: me.favorite,
  };
}

export function toChatUser(u: UserRow): ChatUser {
  return { ...toPublicUser(u), is_staff: u.isStaff || u.isStaffMo };
}
