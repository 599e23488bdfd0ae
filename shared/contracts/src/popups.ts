import type { ReactNode } from 'react';
import * as z from 'zod';
import { postTipIntent, tipAmount } from './message';

/**
 * Every popup the spec lists, as data. Remotes open them through `host.popups`; the shell owns the one
 * popup layer and renders each kind. The shell validates what it is given, so a remote built against an
 * older contract gets a clear error instead of a broken dialog.
 */
const kind = <K extends string, S extends z.ZodRawShape>(name: K, shape: S) =>
  z.object({ kind: z.literal(name), id: z.string().optional(), ...shape });

const optionalText = z.string().max(2000).optional();

/**
 * What the fan was doing when credits ran short, carried to the get-credits page and into the payment,
 * so a successful payment finishes it (unlocks the message, sends the tip) on the server.
 */
export const paymentContext = z.object({
  model_id: z.string().max(100).optional(),
  chat_id: z.string().max(100).optional(),
  message_id: z.string().max(100).optional(),
  feed_id: z.string().max(100).optional(),
  tip: tipAmount.optional(),
  subscribe: z.boolean().optional(),
  tip_post: postTipIntent.optional(),
});
export type PaymentContext = z.infer<typeof paymentContext>;

/** One charge a person is asked to confirm before the server makes it (docs/rules.md, Confirm before every charge). */
export const chargeSummary = z.object({
  kind: z.enum(['unlock', 'post', 'tip', 'subscription']),
  /** What is bought, in a few words: "Paid message from @anna". */
  item: z.string().max(200),
  /** What buying gives: "1 photo", "The whole post, 120 words". */
  gives: z.string().max(300).optional(),
  /** In credits; the sheet shows it in dollars. */
  amount: z.number().int().positive(),
  /** A tip's message, shown as the creator will read it. */
  note: z.string().max(200).optional(),
  /** A subscription's period and the day it next renews. */
  renews: z.object({ period_days: z.number().int().positive(), renews_at: z.string() }).optional(),
});
export type ChargeSummary = z.infer<typeof chargeSummary>;

export const popupSpec = z.discriminatedUnion('kind', [
  // account and session
  kind('email-verification', {
    flow: z.enum(['onboarding', 'action']),
    stage: z.enum(['enter-code', 'help', 'different-address', 'done']).optional(),
    email: z.string().optional(),
  }),
  kind('account-verified', {}),
  kind('application-rejected', {}),
  kind('crypto-top-up', {
    amount: z.number(),
    currency: z.string(),
    credits: z.number(),
    fee: z.number().optional(),
  }),
  kind('payout-completed', { amount: z.number().optional() }),
  kind('account-termination', { message: optionalText }),
  kind('account-terminated', { message: optionalText }),
  kind('messaging-disabled', { message: optionalText }),
  kind('payment-user-warning', { message: optionalText }),
  kind('global-warning', { title: optionalText, message: z.string().max(2000) }),
  kind('onboarding-greeting', { username: z.string().optional() }),
  kind('essential-info', {}),
  kind('select-gender', {}),
  kind('add-invite-code', {}),
  kind('account-frozen', { message: optionalText }),
  kind('not-enough-credits', {
    message: optionalText,
    backTo: z.string().optional(),
    purchase: paymentContext.optional(),
  }),
  kind('confirm-charge', {
    charge: chargeSummary,
    backTo: z.string().optional(),
    purchase: paymentContext.optional(),
  }),
  kind('unlock-free-chat', {
    title: optionalText,
    message: optionalText,
    backTo: z.string().optional(),
    purchase: paymentContext.optional(),
  }),
  // chat, discovery and media
  kind('confirm-delete-media', { target: z.enum(['image', 'card']) }),
  kind('confirm-delete-chats', { count: z.number().int().positive() }),
  kind('confirm-hide-chats', { count: z.number().int().positive() }),
  // Careful actions in a chat: each names what it will do (docs/rules.md, Confirmations).
  kind('confirm-block', { name: z.string().max(100), as: z.enum(['creator', 'fan']) }),
  kind('confirm-delete-message', { paid: z.boolean() }),
  kind('confirm-hide-message', {}),
  kind('boost-referral', { referralLink: z.string().optional() }),
  kind('error', { title: optionalText, message: z.string().max(2000) }),
  kind('upload-in-progress', {}),
  kind('sending-media-blocked', { message: optionalText }),
  kind('upload-error', { message: optionalText }),
  kind('generic', {
    image: z.string().optional(),
    emoji: z.string().max(16).optional(),
    sentence: z.string().max(2000),
    confirmLabel: z.string().max(60).optional(),
    children: z.custom<ReactNode>().optional(),
  }),
]);
export type PopupSpec = z.infer<typeof popupSpec>;

/**
 * The navigation state of a page opened with a back-target (the spec passes it in navigation state):
 * the path inside Cove to return to, never another site.
 */
export const backTargetState = z.object({
  backTo: z.string().regex(/^\/(?![/\\])/),
  purchase: paymentContext.optional(),
  /** A payment to try again: the package and saved card it was made with, chosen again. */
  retry: z.object({ amount: z.number().int(), card_id: z.string().max(100).nullable() }).optional(),
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
