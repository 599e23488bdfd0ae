import { formatCredits, type BackTargetState } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { Button, ButtonLink } from '@cove/ui';
import type { Outcome } from '../model/outcome';
import styles from '../GetCredits.module.css';

/** What came of a payment that ended here (done, or still going through), and the ways on. */
export function CheckoutDone({
  outcome,
  target,
  onMore,
}: {
  outcome: Extract<Outcome, { kind: 'success' | 'pending' }>;
  target: BackTargetState | null;
  onMore(): void;
}) {
  const context = target?.purchase;
  return (
    <div className={styles.done} role="status">
      {outcome.kind === 'success' ? (
        <>
          <h3 className={styles.doneTitle}>Payment complete — {formatCredits(outcome.added)} added</h3>
          {outcome.balance !== null && <p>Your balance is now {formatMoney(outcome.balance)}.</p>}
          {context?.message_id && <p>The message unlocks in the chat.</p>}
          {!context?.message_id && context?.tip && <p>Your tip of {formatMoney(context.tip)} is sent.</p>}
        </>
      ) : (
        <>
          <h3 className={styles.doneTitle}>Payment in progress</h3>
          <p>Your credits are added as soon as the payment goes through.</p>
        </>
      )}
      <div className={styles.actions}>
        {target && <ButtonLink to={target.backTo}>Back to the chat</ButtonLink>}
        <Button variant="secondary" onClick={onMore}>
          Buy more credits
        </Button>
      </div>
    </div>
  );
}
