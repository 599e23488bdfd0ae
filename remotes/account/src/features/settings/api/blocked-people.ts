import { blockedPage, type BlockedPerson } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList, useRefreshOn } from '@cove/runtime/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const blockedPeopleKey = ['blocked-people'];

/**
 * `GET /v1/users/blocked`: whom the person blocked, newest first, page by page. Every block and unblock
 * sends the blocker `chat_updated`, so a block made in a chat shows here without a reload.
 */
export function useBlockedPeople() {
  const { api } = useHost();
  useRefreshOn(blockedPeopleKey, ['chat_updated']);
  return usePagedList<BlockedPerson>({
    queryKey: blockedPeopleKey,
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/users/blocked', { query: url ? {} : { limit: '20' }, schema: blockedPage, signal }),
    itemKey: (p) => p.user._id,
  });
}

/** `DELETE /v1/users/{id}/block`, the chat's own unblock; the list is read again after it. */
export function useUnblock() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.send('DELETE', `/v1/users/${encodeURIComponent(userId)}/block`),
    onSettled: () => void client.invalidateQueries({ queryKey: blockedPeopleKey }),
  });
}
