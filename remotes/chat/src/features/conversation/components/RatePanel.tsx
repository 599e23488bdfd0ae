import { CHAT_RATE_MAX, creditsToDollars, dollarsOf, dollarsToCredits, type Chat } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useState } from 'react';
import type { ChatTools } from './use-chat-tools';
import styles from './Tools.module.css';
import composerStyles from './MessageComposer.module.css';

/** A creator sets what each of this fan's messages costs; the fan is told in the chat. */
export function RatePanel({ chat, tools, onDone }: { chat: Chat; tools: ChatTools; onDone(): void }) {
  const [dollars, setDollars] = useState(creditsToDollars(chat.credit_rate));
  const rate = dollarsToCredits(dollars);
  const valid = rate !== null && rate <= CHAT_RATE_MAX;
  return (
    <form
      className={styles.panel}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) tools.changeRate(rate, onDone);
      }}
    >
      <h3 className={styles.panelTitle}>Message rate</h3>
      <p className={styles.muted}>Now {formatMoney(chat.credit_rate)} a message.</p>
      <label className={composerStyles.inline}>
        New rate ($)
        <input
          type="number"
          min={0}
          max={dollarsOf(CHAT_RATE_MAX)}
          step={0.1}
          value={dollars}
          aria-invalid={!valid}
          onChange={(e) => setDollars(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={!valid || tools.pending}>
        Change rate
      </Button>
    </form>
  );
}
