import type { Payout } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import { EmptyState, kit, PagedView, Row, RowBody, RowLine, RowList } from '@cove/ui';
import { usePayouts } from '../api/payouts';
import styles from '../Payouts.module.css';
import { StatusBadge, statusLabels } from './StatusBadge';

function PayoutRow({ payout }: { payout: Payout }) {
  const when = payout.completed_at ?? payout.created_at;
  return (
    <Row label={`${formatMoney(payout.amount)}, ${statusLabels[payout.status]}`}>
      <RowBody>
        <RowLine>
          <span className={styles.amount}>{formatMoney(payout.amount)}</span>
          <StatusBadge status={payout.status} />
        </RowLine>
        <RowLine>
          <span className={styles.destination}>{payout.label}</span>
          <time className={kit.hint} dateTime={when}>
            {payout.status === 'completed' ? 'Paid ' : 'Requested '}
            {formatDate(when)}
          </time>
        </RowLine>
        {payout.status === 'failed' && (
          <p className={styles.reason}>
            {payout.failure_reason ?? 'The payout provider could not pay it.'} The money is back in your
            available earnings.
          </p>
        )}
        {payout.status === 'on_hold' && (
          <p className={kit.hint}>It is sent as soon as you send the details the form above asks for.</p>
        )}
      </RowBody>
    </Row>
  );
}

/** `GET /v1/account/payouts`: every payout, newest first, 20 at a time. */
export function PayoutHistory() {
  const list = usePayouts();
  return (
    <PagedView
      list={list}
      empty={
        <EmptyState icon="🏦" title="No payouts yet">
          When you request a payout, it is listed here with where it stands.
        </EmptyState>
      }
    >
      {(items) => (
        <RowList label="Payout history">
          {items.map((p) => (
            <PayoutRow key={p._id} payout={p} />
          ))}
        </RowList>
      )}
    </PagedView>
  );
}
