import { errorMessage, useHost, useSession } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useState } from 'react';
import styles from './Settings.module.css';

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' }) : '';

/** Log out, and schedule or cancel the account's deletion (30 days' grace, see docs/rules.md). */
export function DangerZone() {
  const { account, popups } = useHost();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function schedule(deleted: boolean) {
    if (deleted) {
      const { outcome } = popups.open({
        kind: 'generic',
        emoji: '🗑️',
        sentence: 'Delete your account in 30 days?',
        confirmLabel: 'Schedule deletion',
      });
      if ((await outcome).action !== 'confirm') return;
    }
    setBusy(true);
    setError(null);
    try {
      await account.patch({ deleted_scheduled: deleted });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.group} aria-label="Account">
      <h2>Account</h2>
      <div className={styles.row}>
        <span>
          Log out
          <span className={styles.hint}>Sign out of Cove on this device.</span>
        </span>
        <Button variant="secondary" onClick={() => void account.logout()}>
          Log out
        </Button>
      </div>
      <div className={styles.row}>
        {user.deleted_scheduled ? (
          <>
            <span>
              Deletion scheduled
              <span className={styles.hint}>Your account will be deleted on {dateText(user.delete_at)}.</span>
            </span>
            <Button variant="secondary" disabled={busy} onClick={() => void schedule(false)}>
              Keep my account
            </Button>
          </>
        ) : (
          <>
            <span>
              Delete account
              <span className={styles.hint}>You have 30 days to change your mind.</span>
            </span>
            <Button variant="danger" disabled={busy} onClick={() => void schedule(true)}>
              Delete account
            </Button>
          </>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
