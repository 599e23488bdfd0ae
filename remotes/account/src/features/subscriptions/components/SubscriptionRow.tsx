import type { Subscription } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import { Avatar, Row, RowBody, RowLine } from '@cove/ui';
import { Link } from '@cove/router';
import styles from '../Subscriptions.module.css';

const nameOf = (s: Subscription) => s.user.username ?? 'A creator';

function statusText(s: Subscription): string {
  return s.status === 'active'
    ? `Active — renews on ${formatDate(s.expires_at)}`
    : `Canceled — access until ${formatDate(s.expires_at)}`;
}

export function SubscriptionRow({
  subscription: s,
  editing,
  selected,
  onToggle,
}: {
  subscription: Subscription;
  editing: boolean;
  selected: boolean;
  onToggle(): void;
}) {
  const name = nameOf(s);
  return (
    <Row label={name} center>
      {editing && (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected}
          // A canceled subscription has nothing left to cancel.
          disabled={s.status !== 'active'}
          aria-label={`Select ${name}`}
          onChange={onToggle}
        />
      )}
      <Avatar name={name} url={s.user.avatar_url} size={48} />
      <RowBody>
        <RowLine>
          <Link className={styles.name} to={`/creators/${encodeURIComponent(s.user._id)}`}>
            {name}
          </Link>
          <span className={styles.price}>{formatMoney(s.price)} / month</span>
        </RowLine>
        <p className={s.status === 'active' ? styles.active : styles.canceled}>{statusText(s)}</p>
      </RowBody>
    </Row>
  );
}
