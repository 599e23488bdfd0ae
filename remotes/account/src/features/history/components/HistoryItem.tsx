import { describeHistoryRow, type HistoryRow } from '@cove/contracts';
import { formatDateTime, formatMoney } from '@cove/runtime';
import { kit, Row, RowBody, RowLine } from '@cove/ui';
import { Link } from 'react-router-dom';
import { signedMoney } from '../model/amounts';
import { rowLink } from '../model/history-filter';
import styles from '../History.module.css';

/** One movement: what it was, when, the change and the balance after, its receipt and what it was for. */
export function HistoryItem({ row }: { row: HistoryRow }) {
  const what = describeHistoryRow(row);
  const link = rowLink(row);
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
          <span className={styles.muted}>Balance {formatMoney(row.balance_after)}</span>
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
