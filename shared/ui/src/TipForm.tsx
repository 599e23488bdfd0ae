import { dollarsToCredits, formatMoney, TIP_MAX, TIP_MIN, TIP_NOTE_MAX } from '@cove/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Button } from './Button';
import kit from './Kit.module.css';
import styles from './TipForm.module.css';

/** Amounts offered at one tap, in credits ($1, $5, $10, $25). */
const presets = [10, 50, 100, 250];

/** A typed amount in credits, or what is wrong with it (docs/rules.md, Tips). */
function typedAmount(text: string): { credits: number } | { problem: string } {
  const credits = dollarsToCredits(text.replace(/^\$/, ''));
  if (credits === null) return { problem: 'Enter dollars in steps of $0.10, like 7.50.' };
  if (credits < TIP_MIN || credits > TIP_MAX)
    return { problem: `A tip is ${formatMoney(TIP_MIN)} to ${formatMoney(TIP_MAX)}.` };
  return { credits };
}

export interface TipChoice {
  amount: number;
  message: string;
}

/**
 * What a fan tips: one of the usual amounts or one they type in dollars, and an optional message the
 * creator reads under the tip. It only chooses; the screen confirms the charge and sends it.
 */
export function TipForm({
  title,
  busy,
  onTip,
  children,
}: {
  title: string;
  busy: boolean;
  onTip(tip: TipChoice): void;
  /** What the screen shows under the button: the last error, say. */
  children?: ReactNode;
}) {
  const [preset, setPreset] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState('');
  const ids = { custom: useId(), problem: useId(), message: useId(), count: useId() };
  const custom = typed.trim() ? typedAmount(typed) : null;
  const amount = custom ? ('credits' in custom ? custom.credits : null) : preset;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (amount !== null) onTip({ amount, message: message.trim() });
      }}
    >
      <h3 className={styles.title}>{title}</h3>
      <fieldset className={kit.choiceRow}>
        <legend className={kit.srOnly}>Amount</legend>
        {presets.map((a) => (
          <label key={a} className={`${kit.choice} ${styles.amount}`}>
            <input
              type="radio"
              name="tip"
              value={a}
              checked={!typed.trim() && preset === a}
              onChange={() => {
                setPreset(a);
                setTyped('');
              }}
            />
            {formatMoney(a)}
          </label>
        ))}
      </fieldset>
      <div className={kit.field}>
        <label className={kit.label} htmlFor={ids.custom}>
          Other amount
        </label>
        <span className={styles.custom}>
          <span aria-hidden="true">$</span>
          <input
            id={ids.custom}
            className={kit.input}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={custom !== null && 'problem' in custom}
            aria-describedby={ids.problem}
          />
        </span>
        <p id={ids.problem} className={custom && 'problem' in custom ? kit.fieldError : kit.hint}>
          {custom && 'problem' in custom
            ? custom.problem
            : `${formatMoney(TIP_MIN)} to ${formatMoney(TIP_MAX)}, in steps of ${formatMoney(1)}`}
        </p>
      </div>
      <div className={kit.field}>
        <label className={kit.label} htmlFor={ids.message}>
          Message (optional)
        </label>
        <textarea
          id={ids.message}
          className={kit.input}
          rows={2}
          maxLength={TIP_NOTE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={ids.count}
        />
        <p id={ids.count} className={kit.hint}>
          {message.length}/{TIP_NOTE_MAX} · shown with your tip
        </p>
      </div>
      <Button type="submit" disabled={amount === null || busy}>
        {busy ? 'Sending…' : amount === null ? 'Tip' : `Tip ${formatMoney(amount)}`}
      </Button>
      {children}
    </form>
  );
}
