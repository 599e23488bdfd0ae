import type { EphemeralMessage } from '@cove/contracts';
import type { Db } from '../db/client';
import { chatForMember } from './chat-store';

/** A typing indicator with no news for this long stops by itself (the spec's 10 s). */
export const TYPING_TIMEOUT_MS = 10_000;

/**
 * Relays typing to the other member of a chat only. Membership is looked up once per chat per
 * socket, not per keystroke. A start not followed by news within 10 s is stopped by the server, so
 * a closed tab never leaves someone "typing" forever.
 */
export interface TypingDeps {
  db: Db;
  realtime: { sendEphemeral(userIds: string[], message: EphemeralMessage): Promise<void> };
}

export function typingRelay({ db, realtime }: TypingDeps, userId: string) {
  const otherByChat = new Map<string, string | null>();
  const expiry = new Map<string, NodeJS.Timeout>();
  const relay = async (type: 'typing_start' | 'typing_stop', chatId: string): Promise<void> => {
    clearTimeout(expiry.get(chatId));
    expiry.delete(chatId);
    if (type === 'typing_start') {
      const timer = setTimeout(() => void relay('typing_stop', chatId), TYPING_TIMEOUT_MS);
      timer.unref();
      expiry.set(chatId, timer);
    }
    let other = otherByChat.get(chatId);
    if (other === undefined) {
      other = await chatForMember(db, chatId, userId).then(
        (c) => c.other.userId,
        () => null,
      );
      otherByChat.set(chatId, other);
    }
    if (other) await realtime.sendEphemeral([other], { type, chat_id: chatId, sender_id: userId });
  };
  return relay;
}
