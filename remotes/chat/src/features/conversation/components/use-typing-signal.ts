import { useHost } from '@cove/runtime';
import { useEffect, useRef } from 'react';

/** A start is repeated this often while the person keeps typing (the server forgets one after 10 s). */
const repeatMs = 4_000;
/** No key for this long, and typing has stopped. */
const idleMs = 5_000;

/** Tells the other person, over the shell's socket, when this one types in the chat and stops. */
export function useTypingSignal(chatId: string) {
  const { bus } = useHost();
  const lastStart = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stop = () => {
    clearTimeout(idle.current);
    if (lastStart.current === 0) return;
    lastStart.current = 0;
    bus.send({ type: 'typing_stop', chat_id: chatId });
  };
  const typed = () => {
    const now = Date.now();
    if (now - lastStart.current > repeatMs) {
      lastStart.current = now;
      bus.send({ type: 'typing_start', chat_id: chatId });
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, idleMs);
  };
  const latestStop = useRef(stop);
  useEffect(() => {
    latestStop.current = stop;
  });
  useEffect(() => () => latestStop.current(), []);
  return { typed, stop };
}
