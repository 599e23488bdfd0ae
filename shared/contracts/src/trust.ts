import * as z from 'zod/mini';
import { publicProfile } from './entities/user';
import { MAX_TEXT_LENGTH, message } from './message';

/** The account Cove's support speaks as (spec: "Support and info accounts exist"); a frozen person may talk to it only. */
export const SUPPORT_USERNAME = 'support';

/** One person the caller blocked, as `GET /v1/users/blocked` lists them, newest block first. */
export const blockedPerson = z.object({
  user: publicProfile,
  blocked_at: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPerson>;

export const blockedPage = z.object({ data: z.array(blockedPerson), next: z.nullable(z.string()) });
export type BlockedPage = z.infer<typeof blockedPage>;

/** One chat of the support account, as staff see it in `GET /v1/admin/support/chats`. */
export const supportChat = z.object({
  chat_id: z.string(),
  user: publicProfile,
  /** Whether the person's account is frozen now. */
  frozen: z.boolean(),
  /** Messages from the person support has not read yet. */
  unread: z.int(),
  last_message_text: z.nullable(z.string()),
  last_message_at: z.nullable(z.string()),
});
export type SupportChat = z.infer<typeof supportChat>;

export const supportChatsPage = z.object({ data: z.array(supportChat), next: z.nullable(z.string()) });
export type SupportChatsPage = z.infer<typeof supportChatsPage>;

/** `POST /v1/admin/support/chats/:id/messages`: staff answer as the support account. */
export const supportReplyBody = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(MAX_TEXT_LENGTH)),
  send_id: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type SupportReplyBody = z.infer<typeof supportReplyBody>;

export const supportReplyResponse = z.object({ data: message });
