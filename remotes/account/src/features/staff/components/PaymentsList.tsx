import type { StaffPayment, StaffPaymentAction } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useState } from 'react';
import { usePaymentAction } from '../api/payment-action';
import { when } from '../model/actions';
import styles from '../../../common/Console.module.css';
import { ReasonDialog } from './ReasonDialog';

const statusLabels: Record<StaffPayment['status'], string> = {
  pending: 'pending',
  succeeded: 'paid',
  failed: 'failed',
  refunded: 'refunded',
  charged_back: 'charged back',
};

const actionLabels: Record<StaffPaymentAction, string> = {
  refund: 'Refund',
  chargeback: 'Record chargeback',
};

/** A payment's state for staff: a refund or chargeback asked shows until the provider confirms it. */
const stateOf = (p: StaffPayment) =>
  p.reversal_asked && p.status === 'succeeded'
    ? 'paid · refund or chargeback asked, waiting for the provider'
    : statusLabels[p.status];

/**
 * The person's newest payments (docs/rules.md, Refunds and chargebacks): staff (not moderators)
 * refund one or record a chargeback, after confirming the amount and giving a reason.
 */
export function PaymentsList({
  personId,
  payments,
  mayAct,
}: {
  personId: string;
  payments: StaffPayment[];
  mayAct: boolean;
}) {
  const act = usePaymentAction(personId);
  const [choice, setChoice] = useState<{ payment: StaffPayment; action: StaffPaymentAction } | null>(null);
  return (
    <div className={styles.card}>
      <h3 className={styles.title}>Payments</h3>
      {act.isSuccess && (
        <p className={kit.notice} role="status">
          {act.data.message}
        </p>
      )}
      {payments.length === 0 ? (
        <p className={styles.muted}>No payments.</p>
      ) : (
        <ul className={styles.list} aria-label="Payments">
          {payments.map((p) => (
            <li
              key={p.id}
              className={styles.row}
              aria-label={`Payment of ${p.amount}, ${when(p.created_at)}`}
            >
              <span>
                <strong>{p.amount}</strong> · {p.credits} credits ·{' '}
                {p.method === 'card' ? (p.card ?? 'card') : 'crypto'}
                <br />
                <span className={styles.muted}>
                  {when(p.created_at)} · {stateOf(p)}
                </span>
              </span>
              {mayAct && p.reversible && (
                <span className={styles.actions}>
                  {(['refund', 'chargeback'] as const).map((action) => (
                    <Button
                      key={action}
                      variant={action === 'refund' ? 'danger' : 'secondary'}
                      onClick={() => {
                        act.reset();
                        setChoice({ payment: p, action });
                      }}
                      aria-label={`${actionLabels[action]} ${p.amount} of ${when(p.created_at)}`}
                    >
                      {actionLabels[action]}
                    </Button>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {choice && (
        <ReasonDialog
          title={`${actionLabels[choice.action]}: ${choice.payment.amount}`}
          confirmLabel={choice.action === 'refund' ? `Refund ${choice.payment.amount}` : 'Record chargeback'}
          pending={act.isPending}
          error={act.isError ? errorMessage(act.error) : null}
          extra={
            <p className={styles.muted}>
              {choice.action === 'refund'
                ? `${choice.payment.amount} goes back to the ${choice.payment.method === 'card' ? 'card' : 'crypto payer'}, and the ${choice.payment.credits} credits it bought are taken back.`
                : `The payment is disputed as the bank would: its ${choice.payment.credits} credits and what they bought are taken back.`}
            </p>
          }
          onCancel={() => setChoice(null)}
          onConfirm={(reason) =>
            act.mutate(
              { paymentId: choice.payment.id, action: choice.action, reason },
              { onSuccess: () => setChoice(null) },
            )
          }
        />
      )}
    </div>
  );
}
