import type { Chat, ChatAction, ChatResponse, ReportCategory } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { patchChats } from '../../../common/patch-chats';
import { setMediaBlocked } from '../api/block-media';
import { setUserBlocked } from '../api/block-user';
import { changeRate } from '../api/change-rate';
import { chatKey } from '../api/get-chat';
import { reportUser } from '../api/report-user';

/** What a chat member can do to the chat and its other member, each answered in the server's words. */
export function useChatTools(chat: Chat, name: string, isCreator: boolean) {
  const { api, popups, navigate } = useHost();
  const client = useQueryClient();
  const otherId = chat.other_user._id;
  const { blocked } = chat;
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: chatKey(otherId) });
  const listAction = (action: Exclude<ChatAction, 'read'>) => patchChats(api, { action, ids: chat.chat_id });

  const mutation = useMutation({
    mutationFn: async (work: () => Promise<string | null>) => work(),
    onSuccess: (message) => setDone(message),
  });
  const run = (work: () => Promise<string | null>, then?: () => void) => {
    setDone(null);
    mutation.mutate(work, { onSuccess: () => then?.() });
  };

  /** Hide and delete ask first, then leave for the list. */
  const leave = async (action: 'hide' | 'delete') => {
    const kind = action === 'hide' ? 'confirm-hide-chats' : 'confirm-delete-chats';
    const { action: outcome } = await popups.open({ kind, count: 1 }).outcome;
    if (outcome !== 'confirm') return;
    run(async () => {
      await listAction(action);
      await client.invalidateQueries({ queryKey: ['chats'] });
      navigate('/chats');
      return null;
    });
  };

  return {
    pending: mutation.isPending,
    error: mutation.isError ? errorMessage(mutation.error) : null,
    done,
    blocked,
    mediaBlocked: chat.media_blocked_from !== null,
    favorite: () =>
      run(async () => {
        await listAction(chat.favorite ? 'remove_favorite' : 'favorite');
        await refresh();
        return chat.favorite ? 'Removed from favorites.' : 'Added to favorites.';
      }),
    /** Blocking asks first, naming what it does; unblocking loses nothing and acts at once. */
    block: async () => {
      if (!blocked) {
        const asked = popups.open({ kind: 'confirm-block', name, as: isCreator ? 'creator' : 'fan' });
        if ((await asked.outcome).action !== 'confirm') return;
      }
      run(async () => {
        await setUserBlocked(api, otherId, !blocked);
        // The spec has no event for a block: the cached chat takes the call's outcome.
        client.setQueryData<ChatResponse>(
          chatKey(otherId),
          (old) => old && { ...old, data: { ...old.data, blocked: !blocked } },
        );
        return blocked ? 'Unblocked.' : 'Blocked: neither of you can send messages now.';
      });
    },
    blockMedia: () =>
      run(async () => {
        const on = chat.media_blocked_from === null;
        await setMediaBlocked(api, chat.chat_id, on);
        await refresh();
        return on ? 'Photos, videos and GIFs from them are blocked.' : 'Media from them is allowed again.';
      }),
    /** The chat goes with the report: the server copies their recent messages in it as evidence. */
    report: (reason: ReportCategory, note: string, then: () => void) =>
      run(async () => {
        await reportUser(api, otherId, { reason, ...(note ? { note } : {}), chat_id: chat.chat_id });
        return 'Thank you. Our team will look at this chat.';
      }, then),
    changeRate: (rate: number, then: () => void) =>
      run(async () => {
        await changeRate(api, chat.chat_id, rate);
        await refresh();
        return 'The new rate applies to their next message.';
      }, then),
    /** Clears the last outcome shown. */
    dismiss: () => {
      setDone(null);
      mutation.reset();
    },
    hidden: chat.hidden,
    hide: () => void leave('hide'),
    /** A hidden chat goes back to the inbox; nothing is lost, so nothing is asked. */
    unhide: () =>
      run(async () => {
        await listAction('unhide');
        await client.invalidateQueries({ queryKey: ['chats'] });
        await refresh();
        return 'Back in your inbox.';
      }),
    remove: () => void leave('delete'),
  };
}

export type ChatTools = ReturnType<typeof useChatTools>;
