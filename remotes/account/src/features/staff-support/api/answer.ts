import { supportReplyResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportChatsKey, supportThreadKey } from './support-chats';

/** `POST /v1/admin/support/chats/{id}/messages`: staff answer as the support account. */
export function useAnswer(chatId: string) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post(
        `/v1/admin/support/chats/${encodeURIComponent(chatId)}/messages`,
        { text, send_id: crypto.randomUUID() },
        { schema: supportReplyResponse },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportThreadKey(chatId) });
      void client.invalidateQueries({ queryKey: supportChatsKey });
    },
  });
}
