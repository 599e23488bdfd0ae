import { describeHistoryRow, type HistoryRow } from '@cove/contracts';
import { formatDateTime, formatMoney } from '@cove/runtime';
import { kit, Row, RowBody, RowLine } from '@cove/ui';
import { Link } from '@cove/router';
import { signedMoney } from '../model/amounts';
import { rowLink } from '../model/history-filter';
import styles from '../History.module.css';

/** A credit purchase later undone says so in the list; its refund or chargeback is a row of its own. */
const undoneBy: Record<string, string> = { refunded: 'Refunded', charged_back: 'Charged back' };

/** One movement: what it was, when, the change and the balance after, its receipt and what it was for. */
export function HistoryItem({ row }: { row: HistoryRow }) {
  const what = describeHistoryRow(row);
  const link = rowLink(row);
  const undone = row.kind === 'credit_purchase' ? undoneBy[row.payment?.status ?? ''] : undefined;
  return (
    <Row label={`${what}, ${signedMoney(row.amount)}`}>
      <RowBody>
        <RowLine>
          <span className={styles.what}>{what}</span>
          <span className={styles.amount}>{signedMoney(row.amount)}</span>
        </RowLine>
        <RowLine>
          <time className={styles.muted} dateTime={row.created_at}>
            {formatDateTime(row.created_at)}
          </time>
          <span className={styles.muted}>
            {undone ? `${undone} · ` : ''}Balance {formatMoney(row.balance_after)}
          </span>
        </RowLine>
        <div className={styles.links}>
          <Link className={styles.link} to={`/account/history/${encodeURIComponent(row._id)}`}>
            Receipt<span className={kit.srOnly}> for {what}</span>
          </Link>
          {link && (
            <Link className={styles.link} to={link.to}>
              {link.label}
            </Link>
          )}
        </div>
      </RowBody>
    </Row>
  );
}
