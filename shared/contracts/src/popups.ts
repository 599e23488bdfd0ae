import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import { postTipIntent, tipAmount } from './message';

/**
 * Every popup the spec lists, as data. Remotes open them through `host.popups`; the shell owns the one
 * popup layer and renders each kind. The shell validates what it is given, so a remote built against an
 * older contract gets a clear error instead of a broken dialog.
 */
const kind = <K extends string, S extends z.core.$ZodShape>(name: K, shape: S) =>
  z.object({ kind: z.literal(name), id: z.optional(z.string()), ...shape });

const optionalText = z.optional(z.string().check(z.maxLength(2000)));

/**
 * What the fan was doing when credits ran short, carried to the get-credits page and into the payment,
 * so a successful payment finishes it (unlocks the message, sends the tip) on the server.
 */
export const paymentContext = z.object({
  model_id: z.optional(z.string().check(z.maxLength(100))),
  chat_id: z.optional(z.string().check(z.maxLength(100))),
  message_id: z.optional(z.string().check(z.maxLength(100))),
  feed_id: z.optional(z.string().check(z.maxLength(100))),
  tip: z.optional(tipAmount),
  subscribe: z.optional(z.boolean()),
  tip_post: z.optional(postTipIntent),
});
export type PaymentContext = z.infer<typeof paymentContext>;

/** One charge a person is asked to confirm before the server makes it (docs/rules.md, Confirm before every charge). */
export const chargeSummary = z.object({
  kind: z.enum(['unlock', 'post', 'tip', 'subscription']),
  /** What is bought, in a few words: "Paid message from @anna". */
  item: z.string().check(z.maxLength(200)),
  /** What buying gives: "1 photo", "The whole post, 120 words". */
  gives: z.optional(z.string().check(z.maxLength(300))),
  /** In credits; the sheet shows it in dollars. */
  amount: z.int().check(z.positive()),
  /** A tip's message, shown as the creator will read it. */
  note: z.optional(z.string().check(z.maxLength(200))),
  /**
   * A subscription's period and the day it next renews; `amount`, what each renewal costs (a month at
   * the monthly price) when it is not `amount` (a bundle or a promotion paid for the first period).
   */
  renews: z.optional(
    z.object({
      period_days: z.int().check(z.positive()),
      renews_at: z.string(),
      amount: z.optional(z.int().check(z.positive())),
    }),
  ),
});
export type ChargeSummary = z.infer<typeof chargeSummary>;

export const popupSpec = z.discriminatedUnion('kind', [
  // account and session
  kind('email-verification', {
    flow: z.enum(['onboarding', 'action']),
    stage: z.optional(z.enum(['enter-code', 'help', 'different-address', 'done'])),
    email: z.optional(z.string()),
  }),
  kind('account-verified', {}),
  kind('application-rejected', {}),
  kind('crypto-top-up', {
    amount: z.number(),
    currency: z.string(),
    credits: z.number(),
    fee: z.optional(z.number()),
  }),
  kind('payout-completed', { amount: z.optional(z.number()) }),
  kind('account-termination', { message: optionalText }),
  kind('account-terminated', { message: optionalText }),
  kind('messaging-disabled', { message: optionalText }),
  kind('payment-user-warning', { message: optionalText }),
  kind('global-warning', { title: optionalText, message: z.string().check(z.maxLength(2000)) }),
  kind('onboarding-greeting', { username: z.optional(z.string()) }),
  kind('essential-info', {}),
  kind('select-gender', {}),
  kind('add-invite-code', {}),
  kind('account-frozen', { message: optionalText }),
  kind('not-enough-credits', {
    message: optionalText,
    backTo: z.optional(z.string()),
    purchase: z.optional(paymentContext),
  }),
  kind('confirm-charge', {
    charge: chargeSummary,
    backTo: z.optional(z.string()),
    purchase: z.optional(paymentContext),
  }),
  kind('unlock-free-chat', {
    title: optionalText,
    message: optionalText,
    backTo: z.optional(z.string()),
    purchase: z.optional(paymentContext),
  }),
  // chat, discovery and media
  kind('confirm-delete-media', { target: z.enum(['image', 'card']) }),
  kind('confirm-delete-chats', { count: z.int().check(z.positive()) }),
  kind('confirm-hide-chats', { count: z.int().check(z.positive()) }),
  // Careful actions in a chat: each names what it will do (docs/rules.md, Confirmations).
  kind('confirm-block', { name: z.string().check(z.maxLength(100)), as: z.enum(['creator', 'fan']) }),
  kind('confirm-delete-message', { paid: z.boolean() }),
  kind('confirm-hide-message', {}),
  kind('boost-referral', { referralLink: z.optional(z.string()) }),
  kind('error', { title: optionalText, message: z.string().check(z.maxLength(2000)) }),
  kind('upload-in-progress', {}),
  kind('sending-media-blocked', { message: optionalText }),
  kind('upload-error', { message: optionalText }),
  kind('generic', {
    image: z.optional(z.string()),
    emoji: z.optional(z.string().check(z.maxLength(16))),
    sentence: z.string().check(z.maxLength(2000)),
    confirmLabel: z.optional(z.string().check(z.maxLength(60))),
    children: z.optional(z.custom<ReactNode>()),
  }),
]);
export type PopupSpec = z.infer<typeof popupSpec>;

/**
 * The navigation state of a page opened with a back-target (the spec passes it in navigation state):
 * the path inside Cove to return to, never another site.
 */
export const backTargetState = z.object({
  backTo: z.string().check(z.regex(/^\/(?![/\\])/)),
  purchase: z.optional(paymentContext),
  /** A payment to try again: the package and saved card it was made with, chosen again. */
  retry: z.optional(z.object({ amount: z.int(), card_id: z.nullable(z.string().check(z.maxLength(100))) })),
});
export type BackTargetState = z.infer<typeof backTargetState>;
export type PopupKind = PopupSpec['kind'];
export type PopupOf<K extends PopupKind> = Extract<PopupSpec, { kind: K }>;

/** How a popup ended: the main action, the secondary one, or dismissed (close button, Escape, backdrop). */
export type PopupOutcome =
  { action: 'confirm'; value?: string } | { action: 'secondary' } | { action: 'dismiss' };

export interface PopupHandle {
  readonly id: string;
  readonly outcome: Promise<PopupOutcome>;
  close(): void;
}

export interface PopupController {
  open(spec: PopupSpec): PopupHandle;
  /** Closes the popup with this id, if open. */
  close(id: string): void;
  closeAll(): void;
}
