import * as z from 'zod/mini';
import type { Chat } from './chat';
import { formatMoney } from './money';

/**
 * What a money line Cove writes into a chat says, kept as data: its kind and its amount in credits
 * (the ledger's unit). The sentence is not stored: each viewer's screen words it with `systemLineText`,
 * so every amount is shown in dollars by the one formatter, whoever reads it and whenever.
 */
export const noticeKinds = [
  'tip',
  'rate_changed',
  'intro_started',
  'intro_ended',
  'subscribed',
  'subscribed_offer',
  'trial_started',
  'renewal_failed',
  'subscription_refunded',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];
export const messageNotice = z.object({ kind: z.enum(noticeKinds), amount: z.int().check(z.gte(0)) });
export type MessageNotice = z.infer<typeof messageNotice>;

/** The sentence for one copy: `money` is the amount in dollars, `name` the other member's username. */
type Words = (money: string, name: string | null) => string;

/**
 * Each kind's sentence per copy. A system message is seen by one member only, and its type says whose
 * copy it is (tip_user and for_user_* are the fan's, tip_model, for_model_* and *_model the creator's).
 */
const lines: Record<NoticeKind, Partial<Record<string, Words>>> = {
  tip: {
    tip_user: (money) => `You tipped ${money}.`,
    tip_model: (money, name) => `${name ?? 'A fan'} tipped you ${money}.`,
  },
  rate_changed: {
    for_model_rate_changed: (money) => `You changed the rate to ${money} per message.`,
    for_user_rate_changed: (money) => `Messages in this chat now cost ${money} each.`,
  },
  intro_started: {
    for_user_intro: (money, name) =>
      `This is an intro: your first message to ${name ?? 'this creator'} is free. Once they reply, messages cost ${money} each.`,
    for_model_intro: (money, name) =>
      `${name ?? 'A fan'} started an intro: their first message is free, and your reply starts the paid chat at ${money} per message.`,
  },
  intro_ended: {
    intro_ended: (money) => `Your intro is over: messages now cost ${money} each.`,
    intro_ended_model: (money, name) =>
      `The intro is over: ${name ?? 'this fan'} now pays ${money} per message.`,
  },
  subscribed: {
    for_user_subscription: (money, name) =>
      `You subscribed to ${name ?? 'this creator'} for ${money} a month.`,
    for_model_subscription: (money, name) => `${name ?? 'A fan'} subscribed for ${money} a month.`,
  },
  // A bundle's or a promotion's first period (its amount is what was paid for it, up front).
  subscribed_offer: {
    for_user_subscription: (money, name) =>
      `You subscribed to ${name ?? 'this creator'}, paying ${money} up front for your first period.`,
    for_model_subscription: (money, name) => `${name ?? 'A fan'} subscribed, paying ${money} up front.`,
  },
  // A free trial; the amount is the monthly price it renews at.
  trial_started: {
    for_user_subscription: (money, name) =>
      `You started a free trial with ${name ?? 'this creator'}. Renewal after it costs ${money} a month.`,
    for_model_subscription: (_money, name) => `${name ?? 'A fan'} started a free trial.`,
  },
  renewal_failed: {
    for_user_subscription: (money, name) =>
      `Your subscription to ${name ?? 'this creator'} ended: your balance was below its price of ${money} a month.`,
  },
  subscription_refunded: {
    for_user_subscription: (money, name) =>
      `Your subscription to ${name ?? 'this creator'} ended. ${money} for the days left was returned to your balance.`,
  },
};

/**
 * What a system message says to the member who sees it: its notice worded for that copy, or the text
 * it was stored with (lines that carry no amount). `otherName` is the other member's username.
 */
export function systemLineText(
  m: { type: string; text: string; notice: MessageNotice | null },
  otherName: string | null,
): string {
  const words = m.notice ? lines[m.notice.kind][m.type] : undefined;
  return m.notice && words ? words(formatMoney(m.notice.amount), otherName) : m.text;
}

/**
 * How a money line that becomes a chat's last message (a tip) reads in the list, for the member who
 * sent it and the one who received it. The row already names the other member, so no name here.
 */
const previews: Partial<Record<NoticeKind, { sent: Words; received: Words }>> = {
  tip: { sent: (money) => `You tipped ${money}.`, received: (money) => `Tipped you ${money}.` },
};

/** A chat's preview in the list for one member: a money line worded for them, anything else as stored. */
export function chatPreviewText(
  chat: Pick<Chat, 'last_message_text' | 'last_message_notice' | 'last_message_sender_id'>,
  myId: string,
): string {
  const notice = chat.last_message_notice;
  const words = notice ? previews[notice.kind] : undefined;
  if (!notice || !words) return chat.last_message_text ?? '';
  const copy = chat.last_message_sender_id === myId ? words.sent : words.received;
  return copy(formatMoney(notice.amount), null);
}
