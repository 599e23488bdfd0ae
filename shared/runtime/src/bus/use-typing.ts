import { useEffect, useRef, useState } from 'react';
import { useServerEvent } from './use-server-event';

/** The spec's typing timeout: an indicator with no news for this long clears by itself. */
const typingTimeoutMs = 10_000;

/**
 * The chats in which the other person is typing now, from the socket's typing_start and typing_stop;
 * each clears after 10 s without news, so a lost stop never leaves someone typing forever.
 */
export function useTypingChats(myId: string | undefined): ReadonlySet<string> {
  const [typing, setTyping] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const set = (chatId: string, on: boolean) => {
    clearTimeout(timers.current.get(chatId));
    timers.current.delete(chatId);
    if (on)
      timers.current.set(
        chatId,
        setTimeout(() => set(chatId, false), typingTimeoutMs),
      );
    setTyping((now) => {
      if (now.has(chatId) === on) return now;
      const next = new Set(now);
      if (on) next.add(chatId);
      else next.delete(chatId);
      return next;
    });
  };
  useServerEvent('typing_start', (e) => {
    if (e.sender_id !== myId) set(e.chat_id, true);
  });
  useServerEvent('typing_stop', (e) => set(e.chat_id, false));
  // A message from the typist ends their typing. Only a chat shown typing (one with a timer) is
  // touched: a busy inbox's thousand messages a second ask the list for no render.
  useServerEvent('new_message', (e) => {
    if (e.message.sender_id !== myId && timers.current.has(e.message.chat_id)) set(e.message.chat_id, false);
  });
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);
  return typing;
}
