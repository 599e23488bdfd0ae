import { formatMoney, type Chat } from '@cove/contracts';

/** How an attached file goes: a video, or else a photo. */
export const kindOf = (file: Pick<File, 'type'>): 'image' | 'video' =>
  file.type.startsWith('video/') ? 'video' : 'image';

const firstIsFree = (chat: Chat, hasWritten: boolean) => chat.is_intro && !chat.intro_ended && !hasWritten;

/** Whether the next message costs its sender the chat's rate: a fan's, past an intro's free first one. */
export const sendCharges = (chat: Chat, isFan: boolean, hasWritten: boolean): boolean =>
  isFan && !firstIsFree(chat, hasWritten) && chat.credit_rate > 0;

/** What sending costs a fan here, in a line above the box (an intro's first message is free). */
export function rateLine(chat: Chat, isFan: boolean, hasWritten: boolean): string | null {
  if (!isFan) return null;
  if (firstIsFree(chat, hasWritten)) return 'Your first message is free.';
  return sendCharges(chat, isFan, hasWritten)
    ? `Each message costs ${formatMoney(chat.credit_rate)}.`
    : 'Messages in this chat are free.';
}

/**
 * Above the box while there is no connection. Free messages wait in the outbox; a paid one (a price on
 * it, or the chat's rate to pay) is never queued (docs/rules.md, Offline), so it stays in the box.
 */
export function offlineLine(paid: boolean): string {
  return paid
    ? "You're offline. Paid messages are not sent or queued while offline: yours stays here, uncharged, until you're back online."
    : "You're offline. Messages you send now wait and go by themselves when you're back online.";
}
