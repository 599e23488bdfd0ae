import type { Message } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import * as z from '../zod';
import type { Db } from '../db/client';
import type { Queryable } from '../db/transaction';
import { fail, type AppError } from '../errors';
import { outcomeOf } from '../db/outcome';
import { createdOutcome, shortOfCredits, storedOutcome } from './db-call';

/**
 * The hand-off between the server and the send path's database functions (src/db/functions/messages:
 * `send_messages` takes a batch of these, `send_one` decides each, `send_retry` answers a send id
 * used before). The database is the whole rule for everything it reads; the server checks the
 * request and the sender's own account, and maps each outcome to the error catalogue here.
 */

const view = z.custom<Message>();

/** One send, as the server prepares it. */
const sendItem = z.object({
  sender_id: z.string(),
  recipient_id: z.string(),
  chat_id: z.nullable(z.string()),
  send_id: z.string(),
  type: z.custom<Message['type']>(),
  text: z.string(),
  gif_url: z.nullable(z.string()),
  media_id: z.nullable(z.string()),
  /** A bundle's items in order, the first being `media_id`; null for one media or none. */
  media_items: z.nullable(z.array(z.object({ media_id: z.string(), preview: z.boolean() }))),
  price: z.number(),
  self_destruct: z.boolean(),
  parent_message_id: z.nullable(z.number()),
  preview: z.string(),
  /** What the recipient's notification says of it (notifications/message-detail.ts). */
  notification_detail: z.string(),
  /** Each member's view of the message, but for `_id`, `chat_id` and `created_at`. */
  sender_view: view,
  recipient_view: view,
  /**
   * From a creator: the notices an intro's end writes, should this message end one. Their notice is
   * of `notice_kind` with the chat's rate as its amount; their views lack `_id`, `chat_id`, `notice`
   * and `created_at`.
   */
  intro_end: z.optional(
    z.object({ notice_kind: z.literal('intro_ended'), fan_view: view, creator_view: view }),
  ),
});
export type SendItem = z.infer<typeof sendItem>;

const refusedWith = <C extends string>(...codes: [C, ...C[]]) =>
  z.object({ status: z.literal('refused'), code: z.enum(codes) });

/** The refusals `send_one` answers with a code alone. */
const plainRefusals = [
  'send_id_reused',
  'media_not_usable',
  'user_not_found',
  'gone',
  'not_found',
  'blocked',
  'media_blocked',
  'bad_parent',
] as const;

/** Every code the database may refuse a send with. */
export const sendRefusalCodes = [...plainRefusals, 'media_kind', 'not_enough_credits'] as const;

/** Every answer for one send. `message` is the row as `to_jsonb` writes it. */
export const sendOutcome = z.union([
  createdOutcome,
  storedOutcome,
  refusedWith(...plainRefusals),
  z.object({ status: z.literal('refused'), code: z.literal('media_kind'), arg: z.enum(['image', 'video']) }),
  shortOfCredits,
]);
export type SendOutcome = z.infer<typeof sendOutcome>;

/** The catalogue error for a send the database refused. */
export function sendRefusal(outcome: Extract<SendOutcome, { status: 'refused' }>): AppError {
  switch (outcome.code) {
    case 'not_found':
      return fail('not_found', 'Chat');
    case 'media_kind':
      return fail('media_kind', outcome.arg);
    case 'not_enough_credits':
      return fail('not_enough_credits', outcome.credits);
    default:
      return fail(outcome.code);
  }
}

/** The answers of one `send_messages` call, one per send in the order given. */
export async function sendBatch(db: Queryable, items: SendItem[], share: number): Promise<SendOutcome[]> {
  return outcomeOf(
    await db.execute(
      sql`select send_messages(${JSON.stringify(z.array(sendItem).parse(items))}::jsonb, ${share}) as outcome`,
    ),
    z.array(sendOutcome),
    'send_messages',
  );
}

/**
 * `send_retry` for a send the server refuses itself: the first message, or `send_id_reused`, when
 * its send id was used before; null when it is new (the refusal stands). The sender's row lock waits
 * for a send of theirs in flight, as their batch would.
 */
export async function sentBefore(db: Db, item: SendItem): Promise<SendOutcome | null> {
  return outcomeOf(
    await db.execute(sql`select send_retry(${JSON.stringify(sendItem.parse(item))}::jsonb) as outcome
      from (select id from users where id = ${item.sender_id} for no key update) sender`),
    z.nullable(sendOutcome),
    'send_retry',
  );
}
