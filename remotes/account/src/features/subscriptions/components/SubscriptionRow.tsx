import type { Subscription } from '@cove/contracts';
import { errorMessage, formatDate, formatMoney } from '@cove/runtime';
import { Avatar, Row, RowBody, RowLine } from '@cove/ui';
import { Link } from '@cove/router';
import { useId } from 'react';
import { useRenewal } from '../api/renewal';
import styles from '../Subscriptions.module.css';

const nameOf = (s: Subscription) => s.user.username ?? 'A creator';

function statusText(s: Subscription): string {
  const kind = s.trial ? 'Free trial' : s.months > 1 ? `${s.months}-month bundle` : 'Active';
  return s.status === 'active'
    ? `${kind} — renews on ${formatDate(s.expires_at)} for ${formatMoney(s.price)}`
    : `${s.trial ? 'Free trial' : 'Canceled'} — access until ${formatDate(s.expires_at)}`;
}

/** The fan's renewal switch: off keeps access to the period's end; on again asks to confirm the price. */
function RenewalSwitch({ subscription: s, name }: { subscription: Subscription; name: string }) {
  const renewal = useRenewal(s);
  const id = useId();
  const on = renewal.isPending ? renewal.variables : s.status === 'active';
  return (
    <div className={styles.renewal}>
      <label htmlFor={id} className={styles.renewalLabel}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={renewal.isPending}
          aria-label={`Renew ${name}'s subscription`}
          onChange={(e) => void renewal.setRenew(e.target.checked)}
        />
        Renew
      </label>
      {renewal.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(renewal.error)}
        </p>
      )}
    </div>
  );
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
      {!editing && <RenewalSwitch subscription={s} name={name} />}
    </Row>
  );
}
