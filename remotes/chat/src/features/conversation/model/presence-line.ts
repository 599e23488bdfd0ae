import { timeAgo } from '@cove/runtime';

/**
 * The conversation header's line about the other person. "Online" only while our own socket is up:
 * with it down no `user_offline` can reach us, so we say nothing rather than claim they are there, and
 * keep showing a last-seen time, which stays true.
 */
export function presenceLine({
  typing,
  online,
  lastOnline,
  connected,
}: {
  typing: boolean;
  online: boolean;
  lastOnline: string | null;
  connected: boolean;
}): string {
  if (!connected) return online || !lastOnline ? '' : `Last seen ${timeAgo(lastOnline)}`;
  if (typing) return 'typing…';
  if (online) return 'Online';
  return lastOnline ? `Last seen ${timeAgo(lastOnline)}` : 'Offline';
}
