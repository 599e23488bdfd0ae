import {
  type BackTargetState,
  formatCredits,
  PAYMENT_RETURN_AFTER_MS,
  paymentActionText,
} from '@cove/contracts';
import { errorMessage, formatMoney, useHost } from '@cove/runtime';
import { useEffect } from 'react';
import { Button, ButtonLink, kit } from '@cove/ui';
import { usePayment } from '../api/payment';
import { contextNote } from '../model/context-note';
import { backLink } from '../model/back-link';
import type { Outcome } from '../model/outcome';
import styles from '../GetCredits.module.css';

/** What the payment finished besides the credits (the server did it before answering), or why not. */
function ActionOutcome({ paymentId }: { paymentId: string }) {
  const payment = usePayment(paymentId);
  const action = payment.data ? paymentActionText(payment.data.data) : null;
  if (payment.isError) return <p>{errorMessage(payment.error)}</p>;
  if (!action) return <p>Finishing what you paid for…</p>;
  return action.failed ? <p className={kit.alert}>{action.text}</p> : <p>{action.text}</p>;
}

/**
 * Whether to go back by itself to where the fan started, as after 3-D Secure: once a payment made here
 * succeeded and what it paid for is done (a failure stays on screen to be read). "Back to ..." stays
 * as the way when it does not.
 */
function useReturnWhenDone(
  outcome: Extract<Outcome, { kind: 'success' | 'pending' }>,
  target: BackTargetState | null,
): boolean {
  const host = useHost();
  const back = backLink(target);
  const hasAction = contextNote(target?.purchase) !== null;
  const payment = usePayment(outcome.kind === 'success' && hasAction ? outcome.paymentId : null);
  const done = !hasAction || payment.data?.data.action_status === 'done';
  const to = outcome.kind === 'success' && done && target?.purchase?.model_id ? back?.to : undefined;
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => host.navigate(to, { replace: true }), PAYMENT_RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [to, host]);
  return to !== undefined;
}

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
  const back = backLink(target);
  const goesBack = useReturnWhenDone(outcome, target);
  return (
    <div className={styles.done} role="status">
      {outcome.kind === 'success' ? (
        <>
          <h3 className={styles.doneTitle}>Payment complete — {formatCredits(outcome.added)} added</h3>
          {outcome.balance !== null && <p>Your balance is now {formatMoney(outcome.balance)}.</p>}
          {contextNote(context) && <ActionOutcome paymentId={outcome.paymentId} />}
          {goesBack && <p>Taking you back…</p>}
        </>
      ) : (
        <>
          <h3 className={styles.doneTitle}>Payment in progress</h3>
          <p>Your credits are added as soon as the payment goes through.</p>
        </>
      )}
      <div className={styles.actions}>
        {back && <ButtonLink to={back.to}>{back.label}</ButtonLink>}
        <Button variant="secondary" onClick={onMore}>
          Buy more credits
        </Button>
      </div>
    </div>
  );
}
