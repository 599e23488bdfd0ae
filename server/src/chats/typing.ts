import type { FastifyInstance } from 'fastify';
import { chatForMember } from './chat-store';

/**
 * Relays typing to the other member of a chat only. Membership is looked up once per chat per
 * socket, not per keystroke; the client clears the indicator itself after 10 s without news.
 */
export function typingRelay(app: FastifyInstance, userId: string) {
  const otherByChat = new Map<string, string | null>();
  return async (type: 'typing_start' | 'typing_stop', chatId: string): Promise<void> => {
    let other = otherByChat.get(chatId);
    if (other === undefined) {
      other = await chatForMember(app.db, chatId, userId).then(
        (c) => c.other.userId,
        () => null,
      );
      otherByChat.set(chatId, other);
    }
    if (other) await app.realtime.sendEphemeral([other], { type, chat_id: chatId, sender_id: userId });
  };
}
