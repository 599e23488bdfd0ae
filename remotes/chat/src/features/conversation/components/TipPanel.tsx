import type { Chat } from '@cove/contracts';
import { chatPath, confirmCharge, errorMessage, isApiError, useHost } from '@cove/runtime';
import { TipForm, type TipChoice } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendTip } from '../api/send-tip';
import { upsertMessage } from '../model/message-cache';
import threadStyles from './Thread.module.css';

const newSendId = () => `tip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * A fan tips the creator: an amount and an optional message, confirmed on the confirm sheet. One send
 * id until the tip lands, so a second confirm or a retry of the same tip charges once. With no
 * connection a tip is neither sent nor queued (docs/rules.md, Offline), and the panel says so.
 */
export function TipPanel({ chat, offline, onDone }: { chat: Chat; offline: boolean; onDone(): void }) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  const [sendId, setSendId] = useState(newSendId);
  const purchase = { model_id: chat.other_user._id, chat_id: chat.chat_id };
  const name = chat.other_user.username ? `@${chat.other_user.username}` : 'this creator';
  const tip = useMutation({
    mutationFn: (choice: TipChoice) =>
      sendTip(api, { chatId: chat.chat_id, amount: choice.amount, message: choice.message, sendId }),
    onSuccess: (answer) => {
      setSendId(newSendId());
      upsertMessage(client, answer.data);
      void account.reload();
      onDone();
    },
    onError: (err, choice) => {
      // A tip the server refused is a new tip next time; a lost answer is retried as the same one.
      if (isApiError(err) && !err.aborted && err.status < 500) setSendId(newSendId());
      if (!isApiError(err) || err.code !== 'not_enough_credits') return;
      // The balance moved since the sheet was shown: the popup leads to credits, and that payment tips.
      void account.reload();
      popups.open({
        kind: 'not-enough-credits',
        message: err.message,
        backTo: chatPath(chat.other_user._id),
        purchase: { ...purchase, tip: choice.amount },
      });
    },
  });
  return (
    <TipForm
      title="Send a tip"
      busy={tip.isPending}
      onTip={(choice) =>
        !offline &&
        void confirmCharge(popups, {
          charge: {
            kind: 'tip',
            item: `Tip for ${name}`,
            amount: choice.amount,
            ...(choice.message ? { note: choice.message } : {}),
          },
          backTo: chatPath(chat.other_user._id),
          // The payment that buys the credits sends this tip too.
          purchase: { ...purchase, tip: choice.amount },
        }).then((confirmed) => confirmed && tip.mutate(choice))
      }
    >
      <p role="status">
        {offline ? "You're offline. Tips are not sent or queued while offline, so nothing is charged." : ''}
      </p>
      {tip.isError && (
        <p role="alert" className={threadStyles.failed}>
          {errorMessage(tip.error)}
        </p>
      )}
    </TipForm>
  );
}
