import * as z from 'zod/mini';
import { enumWithout } from './enum-without';
import { publicProfile } from './entities/user';
import { messageNotice } from './system-line';

export const chatFilter = z.enum([
  'all',
  'online',
  'favorites',
  'fans',
  'fans2',
  'subscribers',
  'unreplied',
  'vip',
  'sent',
  'recent',
  'top',
  'hidden',
]);
export type ChatFilter = z.infer<typeof chatFilter>;

/** The chat list's tabs: every filter but `fans2`, the name the fans tab travels under. */
export const chatTab = enumWithout(chatFilter, ['fans2']);
export type ChatTab = z.infer<typeof chatTab>;

/** The `type` a client sends for a tab: the spec's client sends fans as fans2, and the inbox sends none. */
export function chatTabParam(tab: ChatTab): ChatFilter | undefined {
  if (tab === 'all') return undefined;
  return tab === 'fans' ? 'fans2' : tab;
}

/** Comma-joined ids, as the spec's client sends them, or a JSON array. */
export const idList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s.length > 0)),
);

export const note = z.object({
  id: z.string(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const chat = z.object({
  _id: z.string(),
  chat_id: z.string(),
  recipient_id: z.string(),
  other_user: z.object({
    _id: z.string(),
    username: z.nullable(z.string()),
    avatar_url: z.nullable(z.string()),
    /** The account was erased (docs/rules.md, Account lifecycle): its name is gone and the chat answers 410. */
    deleted: z.boolean(),
  }),
  unread_messages: z.int(),
  unread_favorites: z.int(),
  last_message_id: z.nullable(z.string()),
  last_message_time: z.nullable(z.string()),
  last_message_text: z.nullable(z.string()),
  /** Who sent the last message (for a tip, the fan). */
  last_message_sender_id: z.nullable(z.string()),
  /** The last message's money line, kind and amount, worded per viewer by `chatPreviewText`. */
  last_message_notice: z.nullable(messageNotice),
  created_at: z.string(),
  /** What the other person has spent in this chat. */
  credits: z.int(),
  credit_rate: z.int(),
  new_rate: z.nullable(z.int()),
  unread_tip: z.boolean(),
  media_blocked_from: z.nullable(z.string()),
  /** Whether I blocked the other person (the spec names no field for it). */
  blocked: z.boolean(),
  /** Whether the other person blocked me: nothing can be sent or paid in this chat (docs/rules.md, Blocks). */
  blocked_by_other: z.boolean(),
  /** Whether I hid the chat: it shows only on the Hidden tab and in search until unhidden or a new message comes. */
  hidden: z.boolean(),
  is_intro: z.boolean(),
  intro_ended: z.boolean(),
  notes: z.array(note),
  favorite: z.boolean(),
});
export type Chat = z.infer<typeof chat>;

/** The public face of the other person in a chat. */
export const chatUser = z.extend(publicProfile, { is_staff: z.boolean() });
export type ChatUser = z.infer<typeof chatUser>;

export const chatsQuery = z.object({
  v: z.optional(z.coerce.number()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  search: z.optional(z.string().check(z.maxLength(100))),
  type: z._default(chatFilter, 'all'),
});

export const chatsResponse = z.object({
  data: z.array(chat),
  data_users: z.array(chatUser),
  next: z.nullable(z.string()),
  unread_messages: z.int(),
  unread_messages_favorites: z.int(),
});
export type ChatsResponse = z.infer<typeof chatsResponse>;

export const chatTotals = z.object({
  all: z.int(),
  online: z.int(),
  fans: z.int(),
  subscribers: z.int(),
  favorites: z.int(),
  unreplied: z.int(),
  vip: z.int(),
  recent: z.int(),
  sent: z.int(),
  /** Top spenders: the fans, in spending order. */
  top: z.int(),
  hidden: z.int(),
});

export const chatQuery = z.object({ recipient_id: z.string() });
export const createChatBody = z.object({ recipient_id: z.string() });
export const chatResponse = z.object({ data: chat, user: chatUser });
export type ChatResponse = z.infer<typeof chatResponse>;

/** What `PATCH /v1/chats` does to the chats it names (the chat list's bulk actions). */
export const chatAction = z.enum(['read', 'delete', 'hide', 'unhide', 'favorite', 'remove_favorite']);
export type ChatAction = z.infer<typeof chatAction>;
export const patchChatsBody = z
  .object({
    action: chatAction,
    ids: z.optional(idList),
    except_ids: z.optional(idList),
    type: z._default(chatFilter, 'all'),
  })
  .check(
    z.refine((b) => b.ids !== undefined || b.except_ids !== undefined, {
      message: 'ids or except_ids is required',
      path: ['ids'],
    }),
  );
/** The body as a client writes it: ids as a list or comma-joined, the tab `all` when absent. */
export type PatchChatsBody = z.input<typeof patchChatsBody>;
export const patchChatsResponse = z.object({ updated: z.int() });

/** The highest rate in credits a creator may ask per message, in a chat or for new chats. */
export const CHAT_RATE_MAX = 10_000;

export const changeRateBody = z.object({
  chat_id: z.string(),
  rate: z.int().check(z.gte(0), z.lte(CHAT_RATE_MAX)),
});
export const noteBody = z.object({
  id: z.string(),
  note: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});
/** The answer to adding or editing a note. */
export const noteResponse = z.object({ data: note });
export const noteTextBody = z.object({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)) });
