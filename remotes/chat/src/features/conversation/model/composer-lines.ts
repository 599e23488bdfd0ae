import { formatMoney, type Chat } from '@cove/contracts';

/** How an attached file goes: a video, or else a photo. */
export const kindOf = (file: Pick<File, 'type'>): 'image' | 'video' =>
  file.type.startsWith('video/') ? 'video' : 'image';

/** What sending costs a fan here, in a line above the box (an intro's first message is free). */
export function rateLine(chat: Chat, isFan: boolean, hasWritten: boolean): string | null {
  if (!isFan) return null;
  if (chat.is_intro && !chat.intro_ended && !hasWritten) return 'Your first message is free.';
  return chat.credit_rate > 0
    ? `Each message costs ${formatMoney(chat.credit_rate)}.`
    : 'Messages in this chat are free.';
}
