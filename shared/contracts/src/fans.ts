import * as z from 'zod/mini';

/**
 * Know your fan: what a creator sees about the person in her chat, and her named lists of fans
 * (docs/rules.md, "Fans and lists").
 */

/** How many named lists a creator may keep. */
export const FAN_LISTS_MAX = 20;
/** The longest list name, in characters (the spec's "Cannot exceed 30 characters"). */
export const FAN_LIST_NAME_MAX = 30;

export const fanListName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Required field cannot be blank'),
    z.maxLength(FAN_LIST_NAME_MAX, `Cannot exceed ${FAN_LIST_NAME_MAX} characters`),
  );
export const fanListBody = z.object({ name: fanListName });

export const fanList = z.object({
  _id: z.string(),
  name: z.string(),
  /** How many people are on it. */
  members: z.int(),
  created_at: z.string(),
});
export type FanList = z.infer<typeof fanList>;
export const fanListEnvelope = z.object({ data: fanList });
export const fanListsResponse = z.object({ data: z.array(fanList) });

/** What the fan's last payment to her was for (ledger transaction kinds, by what people call them). */
export const fanPurchaseKind = z.enum(['message', 'unlock', 'tip', 'subscription', 'post']);
export type FanPurchaseKind = z.infer<typeof fanPurchaseKind>;

/** `GET /v1/chats/{chatId}/fan`: the creator's view of the other person in her chat. Amounts in credits. */
export const fanProfile = z.object({
  chat_id: z.string(),
  fan_id: z.string(),
  /** Everything he has paid her, net of refunds, in credits (shown in dollars). */
  spent: z.int(),
  subscription: z.nullable(
    z.object({
      /** When the current run of his subscription started. */
      since: z.string(),
      /** Whether it renews at `period_end`, or ends then. */
      renews: z.boolean(),
      period_end: z.string(),
    }),
  ),
  last_purchase: z.nullable(z.object({ kind: fanPurchaseKind, amount: z.int(), at: z.string() })),
  /** Whether he is on her VIP list (her own choice, else his spending). */
  vip: z.boolean(),
  /** Her lists he is on. */
  list_ids: z.array(z.string()),
});
export type FanProfile = z.infer<typeof fanProfile>;
export const fanProfileEnvelope = z.object({ data: fanProfile });

export const vipBody = z.object({ vip: z.boolean() });
export const vipResponse = z.object({ vip: z.boolean() });
