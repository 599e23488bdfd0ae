import type { PayoutStatus } from '@cove/contracts';
import styles from '../Payouts.module.css';

export const statusLabels: Record<PayoutStatus, string> = {
  on_hold: 'Waiting for your details',
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

/** Where a payout stands, as a coloured word. */
export function StatusBadge({ status }: { status: PayoutStatus }) {
  return <span className={`${styles.badge} ${styles[status]}`}>{statusLabels[status]}</span>;
}
