import type { Message, PopupSpec } from '@cove/contracts';
import { bundleContents, chatPath, confirmCharge, errorMessage, isApiError, useHost } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { buyMessage } from '../api/buy-message';
import { deleteMessage } from '../api/delete-message';
import { fetchMessage } from '../api/get-message';
import { hideMessage } from '../api/hide-message';
import { removeMessage, upsertMessage } from '../model/message-cache';

/** What unlocking a paid message gives, as the confirm sheet says it: as its bubble counts it. */
function unlockGives(m: Message): string {
  if (m.media_items) return bundleContents(m.media_items);
  if (m.type !== 'image' && m.type !== 'video') return 'A paid message';
  const length = m.media?.video_length;
  return bundleContents([{ type: m.type, video_length: length ? Math.round(length) : null }]);
}

/**
 * What a person can do to a message: unlock a paid one after confirming the charge (credits in the
 * header follow), hide it for themselves, or delete their own (both after a confirm). `notice` is the
 * last refusal in the server's words. `senderName` is the other person's, for the confirm sheet.
 */
export function useMessageActions(senderName: string) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // One object while nothing changes, so messages that did not change are not drawn again.
  return useMemo(() => {
    /** Hide and delete ask first (docs/rules.md, Confirmations): true when the person confirmed. */
    const confirmed = async (spec: PopupSpec) => (await popups.open(spec).outcome).action === 'confirm';
    const act = async (m: Message, work: () => Promise<void>) => {
      setBusy(m._id);
      setNotice(null);
      try {
        await work();
      } catch (err) {
        if (isApiError(err) && err.code === 'not_enough_credits') {
          void account.reload();
          // Only a paid message costs credits here, and its sender is the other person of the chat.
          // The purchase goes with it, so the payment that buys the credits unlocks this message too.
          popups.open({
            kind: 'not-enough-credits',
            message: err.message,
            backTo: chatPath(m.sender_id),
            purchase: { model_id: m.sender_id, chat_id: m.chat_id, message_id: m._id },
          });
        } else if (isApiError(err) && err.code === 'already_purchased') {
          setNotice(err.message);
          const fresh = await fetchMessage(api, m._id).catch(() => undefined);
          if (fresh) upsertMessage(client, fresh);
        } else if (!isApiError(err) || !err.aborted) {
          setNotice(errorMessage(err));
        }
      } finally {
        setBusy(null);
      }
    };

    return {
      busy,
      notice,
      dismissNotice: () => setNotice(null),
      // The sheet only asks; the server charges once per buyer and message, however often it is asked.
      unlock: async (m: Message) => {
        const confirmed = await confirmCharge(popups, {
          charge: {
            kind: 'unlock',
            item: `Paid message from ${senderName}`,
            gives: unlockGives(m),
            amount: m.price,
          },
          backTo: chatPath(m.sender_id),
          purchase: { model_id: m.sender_id, chat_id: m.chat_id, message_id: m._id },
        });
        if (!confirmed) return;
        await act(m, async () => {
          upsertMessage(client, await buyMessage(api, m._id));
          void account.reload();
        });
      },
      hide: async (m: Message) => {
        if (!(await confirmed({ kind: 'confirm-hide-message' }))) return;
        await act(m, async () => {
          await hideMessage(api, m._id);
          removeMessage(client, m.chat_id, m._id);
        });
      },
      remove: async (m: Message) => {
        if (!(await confirmed({ kind: 'confirm-delete-message', paid: m.price > 0 }))) return;
        await act(m, async () => {
          await deleteMessage(api, m._id);
          removeMessage(client, m.chat_id, m._id);
        });
      },
      /** A self-destructing message whose time is up leaves the thread. */
      expire: (m: Message) => removeMessage(client, m.chat_id, m._id),
    };
  }, [api, account, popups, client, busy, notice, senderName]);
}

export type MessageActions = ReturnType<typeof useMessageActions>;
