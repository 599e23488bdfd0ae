import { formatMoney, useSession } from '@cove/runtime';
import styles from './Overview.module.css';
import { SecurityOffer } from './SecurityOffer';

/** `/account`: who you are signed in as, from the shell's session. */
export function Overview() {
  const { user, credits } = useSession();
  if (!user) return null;
  const name = user.username ?? user.email;
  return (
    <div>
      {user.type === 'featured' && <SecurityOffer />}
      <div className={styles.card}>
        {user.avatar_url ? (
          <img className={styles.avatar} src={user.avatar_url} alt="" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <div className={styles.name}>{name}</div>
          <div className={styles.muted}>{user.email}</div>
        </div>
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.muted}>Balance</span>
          <span className={styles.statValue}>{formatMoney(credits)}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.muted}>Account type</span>
          <span className={styles.statValue}>{user.type === 'featured' ? 'Creator' : 'Fan'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.muted}>Email</span>
          <span className={styles.statValue}>{user.email_verified ? 'Verified' : 'Not verified'}</span>
        </div>
      </div>
    </div>
  );
}
