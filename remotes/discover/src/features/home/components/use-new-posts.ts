import { useServerEvent } from '@cove/runtime';
import { useState } from 'react';

/**
 * How many posts arrived since the list on screen was read: the server's `unread_feeds`, as each
 * `new_feed` carries it and `unread_feeds` sets it (the feed read in another tab, a post deleted).
 * The list itself is left alone, so nothing moves under the reader; `seen` clears it when they ask
 * for the new posts.
 */
export function useNewPosts() {
  const [count, setCount] = useState(0);
  useServerEvent('new_feed', (event) => setCount((n) => event.unread_feeds ?? n + 1));
  useServerEvent('unread_feeds', (event) => setCount(event.unread_feeds));
  return { count, seen: () => setCount(0) };
}
