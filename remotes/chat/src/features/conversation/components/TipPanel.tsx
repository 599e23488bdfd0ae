import type { Chat } from '@cove/contracts';
import { errorMessage, formatMoney, isApiError, useHost, useSession } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendTip } from '../api/send-tip';
import { chatPath } from '../model/chat-path';
import { upsertMessage } from '../model/message-cache';
import styles from './Tools.module.css';
import threadStyles from './Thread.module.css';

/** Tip amounts offered, in credits ($1, $5, $10, $25). */
const amounts = [10, 50, 100, 250];
const newSendId = () => `tip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** A fan tips the creator: an amount they can afford, once per send id. */
export function TipPanel({ chat, onDone }: { chat: Chat; onDone(): void }) {
  const { api, account, popups } = useHost();
  const { credits } = useSession();
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | null>(null);
  const [sendId] = useState(newSendId);
  const tip = useMutation({
    mutationFn: (value: number) => sendTip(api, { chatId: chat.chat_id, amount: value, sendId }),
    onSuccess: (answer) => {
      upsertMessage(client, answer.data);
      void account.reload();
      onDone();
    },
    onError: (err, value) => {
      if (isApiError(err) && err.code === 'not_enough_credits') {
        void account.reload();
        popups.open({
          kind: 'not-enough-credits',
          message: err.message,
          backTo: chatPath(chat.other_user._id),
          // The payment that buys the credits sends this tip too.
          purchase: { model_id: chat.other_user._id, chat_id: chat.chat_id, tip: value },
        });
      }
    },
  });
  return (
    <form
      className={styles.panel}
      onSubmit={(e) => {
        e.preventDefault();
        if (amount !== null) tip.mutate(amount);
      }}
    >
      <h3 className={styles.panelTitle}>Send a tip</h3>
      <fieldset className={`${kit.choiceRow} ${styles.amounts}`}>
        <legend className={styles.muted}>Your balance: {formatMoney(credits)}</legend>
        {amounts.map((a) => (
          <label key={a} className={`${styles.amount} ${amount === a ? styles.amountOn : ''}`}>
            <input
              type="radio"
              name="tip"
              value={a}
              checked={amount === a}
              disabled={a > credits}
              onChange={() => setAmount(a)}
            />
            {formatMoney(a)}
          </label>
        ))}
      </fieldset>
      {amounts[0] !== undefined && credits < amounts[0] && (
        <p className={styles.muted}>Your balance is below {formatMoney(amounts[0])}, the smallest tip.</p>
      )}
      <Button type="submit" disabled={amount === null || tip.isPending}>
        {tip.isPending ? 'Sending…' : amount === null ? 'Tip' : `Tip ${formatMoney(amount)}`}
      </Button>
      {tip.isError && (
        <p role="alert" className={threadStyles.failed}>
          {errorMessage(tip.error)}
        </p>
      )}
    </form>
  );
}
