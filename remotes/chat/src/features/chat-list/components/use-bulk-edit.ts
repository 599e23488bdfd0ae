import { chatTabParam, type ChatAction, type ChatTab } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchChats } from '../../../common/patch-chats';
import { chatListKey } from '../api/get-chat-list';
import { chatTotalsKey } from '../api/get-chat-totals';
import { selectionBody, type Selection } from '../model/selection';

/** Hide and delete take a chat off the list: the spec asks first. */
const confirmed = { hide: 'confirm-hide-chats', delete: 'confirm-delete-chats' } as const;

/**
 * `PATCH /v1/chats` for the selection. Hide and delete open their confirmation popup and call the
 * server only on confirm, then go to /chats; every success reads the lists and totals again.
 */
export function useBulkEdit(tab: ChatTab, onDone: () => void) {
  const { api, popups, navigate } = useHost();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, selection }: { action: ChatAction; selection: Selection }) =>
      patchChats(api, { action, ...selectionBody(selection), type: chatTabParam(tab) ?? 'all' }),
    onSuccess: (_answer, { action }) => {
      onDone();
      void client.invalidateQueries({ queryKey: chatListKey });
      void client.invalidateQueries({ queryKey: chatTotalsKey });
      if (action === 'hide' || action === 'delete') navigate('/chats');
    },
  });
  const run = async (action: ChatAction, selection: Selection, count: number) => {
    if (action === 'hide' || action === 'delete') {
      const { action: outcome } = await popups.open({ kind: confirmed[action], count }).outcome;
      if (outcome !== 'confirm') return;
    }
    mutation.mutate({ action, selection });
  };
  return { run, pending: mutation.isPending, error: mutation.isError ? mutation.error.message : null };
}
