import type { AccountTotals } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import shared from '../../../common/Earnings.module.css';
import styles from '../Summary.module.css';

/** Available, pending (and when it is released), lifetime and in payout, each with what it means. */
export function Totals({ totals }: { totals: AccountTotals }) {
  const pendingNote =
    totals.pending > 0 && totals.next_release_at
      ? `Part of it is available from ${formatDate(totals.next_release_at)}.`
      : totals.hold_days > 0
        ? `Earnings wait ${totals.hold_days} days before you can have them.`
        : 'New earnings are yours at once.';
  const figures = [
    {
      label: 'Available',
      amount: totals.available,
      note:
        totals.available < 0
          ? 'A chargeback came after a payout: your next earnings repay this first.'
          : 'Yours to request now.',
    },
    { label: 'Pending', amount: totals.pending, note: pendingNote },
    {
      label: 'Lifetime',
      amount: totals.lifetime,
      note:
        totals.paid_out > 0
          ? `Everything you have earned; ${formatMoney(totals.paid_out)} of it paid out.`
          : 'Everything you have earned.',
    },
    { label: 'In payout', amount: totals.in_payout, note: 'Requested, on its way to you.' },
  ];
  return (
    <dl className={shared.figures}>
      {figures.map((f) => (
        <div key={f.label} className={styles.figure}>
          <dt className={styles.figureLabel}>{f.label}</dt>
          <dd className={styles.amount}>{formatMoney(f.amount)}</dd>
          <dd className={styles.note}>{f.note}</dd>
        </div>
      ))}
    </dl>
  );
}
