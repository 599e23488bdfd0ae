import { type ChargeSummary, formatMoney } from '@cove/contracts';
import { formatDate } from '@cove/runtime';
import { useId, useState } from 'react';
import { Button } from './Button';
import styles from './ConfirmCharge.module.css';
import { Sheet, SheetActions } from './sheet/Sheet';

/** What the sheet asks and what its main button says, by what is being bought. */
function wording(charge: ChargeSummary) {
  const price = formatMoney(charge.amount);
  switch (charge.kind) {
    case 'tip':
      return { title: `Send a ${price} tip?`, action: `Tip ${price}` };
    case 'subscription':
      return { title: `Subscribe for ${price}?`, action: `Subscribe for ${price}` };
    case 'post':
      return { title: `Unlock this post for ${price}?`, action: `Unlock for ${price}` };
    case 'unlock':
      return { title: `Unlock for ${price}?`, action: `Unlock for ${price}` };
  }
}

interface ConfirmChargeProps {
  charge: ChargeSummary;
  /** The person's balance in credits now. */
  balance: number;
  onConfirm(): void;
  onCancel(): void;
  /** Short of credits: leads to buying them, carrying what was being bought. */
  onGetCredits(): void;
  /** Where focus goes back on closing, when the caller knows (see `useModalFocus`). */
  opener?: HTMLElement | null;
}

/**
 * The one sheet every charge is confirmed on (docs/rules.md, Confirm before every charge): what is
 * bought, its price in dollars, the balance before and after, a subscription's renewal and how to
 * cancel it. Short of credits, it says how much is missing and offers buying credits instead. Shown on
 * the kit's `Sheet`: Escape or Cancel closes it.
 */
export function ConfirmCharge({
  charge,
  balance,
  onConfirm,
  onCancel,
  onGetCredits,
  opener,
}: ConfirmChargeProps) {
  const descId = useId();
  // One answer per sheet: a double tap on the main button confirms once.
  const [answered, setAnswered] = useState(false);
  const once = (act: () => void) => () => {
    if (answered) return;
    setAnswered(true);
    act();
  };
  const { title, action } = wording(charge);
  const after = balance - charge.amount;
  const renewsOn = charge.renews ? formatDate(charge.renews.renews_at) : '';
  // A bundle or a promotion pays its first period; renewals are a month at the monthly price.
  const renewal = charge.renews?.amount;
  return (
    <Sheet title={title} describedBy={descId} onClose={onCancel} opener={opener}>
      <p id={descId} className={styles.muted}>
        {charge.item}
        {charge.gives ? ` · ${charge.gives}` : ''}
      </p>
      {charge.note && (
        <blockquote className={styles.note} aria-label="Your message">
          {charge.note}
        </blockquote>
      )}
      <dl className={styles.figures}>
        <dt>
          {charge.renews
            ? renewal
              ? `Price for the first ${charge.renews.period_days} days`
              : `Price every ${charge.renews.period_days} days`
            : 'Price'}
        </dt>
        <dd>{formatMoney(charge.amount)}</dd>
        <dt>Your balance</dt>
        <dd>{formatMoney(balance)}</dd>
        {after >= 0 && (
          <>
            <dt>Balance after</dt>
            <dd>{formatMoney(after)}</dd>
          </>
        )}
      </dl>
      {charge.renews && (
        <p className={styles.muted}>
          Renews on {renewsOn} for {formatMoney(renewal ?? charge.amount)}
          {renewal ? ' a month' : ''} unless you cancel. Cancel any time in Account › Subscriptions; you keep
          access until the period ends.
        </p>
      )}
      {after < 0 && (
        <p className={styles.short} role="alert">
          You need {formatMoney(-after)} more. Buy credits and we will finish this for you.
        </p>
      )}
      <SheetActions>
        {after < 0 ? (
          <Button onClick={once(onGetCredits)}>Buy credits</Button>
        ) : (
          <Button onClick={once(onConfirm)}>{action}</Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </SheetActions>
    </Sheet>
  );
}
