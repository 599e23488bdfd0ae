import type { ChatResponse } from '@cove/contracts';
import { useHost, useObservable, useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatKey } from '../api/get-chat';

/**
 * Keeps the other person's presence in the open chat live: `user_online` and `user_offline` land in
 * the cached chat (header and avatar read it there). Presence news is not replayed after a
 * reconnect, so coming back reads the chat again. Answers whether our own socket is up.
 */
export function useLivePresence(otherUserId: string): boolean {
  const { bus } = useHost();
  const client = useQueryClient();
  const connected = useObservable(bus.connection$, 'connected') === 'connected';
  const set = (online: boolean, lastOnline?: string) =>
    client.setQueryData<ChatResponse>(chatKey(otherUserId), (chat) =>
      chat
        ? {
            ...chat,
            user: {
              ...chat.user,
              is_online: online,
              last_online: lastOnline ?? chat.user.last_online,
            },
          }
        : chat,
    );
  useServerEvent('user_online', (e) => {
    if (e.user_id === otherUserId) set(true);
  });
  useServerEvent('user_offline', (e) => {
    if (e.user_id === otherUserId) set(false, e.last_online);
  });
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void client.invalidateQueries({ queryKey: chatKey(otherUserId) });
    wasConnected.current = connected;
  }, [client, connected, otherUserId]);
  return connected;
}
