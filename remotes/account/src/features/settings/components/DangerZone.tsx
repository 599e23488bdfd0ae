import { errorMessage, formatDate, useHost, useSession } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useMutation } from '@tanstack/react-query';
import styles from '../Settings.module.css';

/** Log out, and schedule or cancel the account's deletion (30 days' grace, see docs/rules.md). */
export function DangerZone() {
  const { account, popups } = useHost();
  const { user } = useSession();
  const scheduling = useMutation({
    mutationFn: (deleted: boolean) => account.patch({ deleted_scheduled: deleted }),
  });
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
    scheduling.mutate(deleted);
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
              <span className={styles.hint}>
                Your account will be deleted on {formatDate(user.delete_at)}.
              </span>
            </span>
            <Button variant="secondary" disabled={scheduling.isPending} onClick={() => void schedule(false)}>
              Keep my account
            </Button>
          </>
        ) : (
          <>
            <span>
              Delete account
              <span className={styles.hint}>You have 30 days to change your mind.</span>
            </span>
            <Button variant="danger" disabled={scheduling.isPending} onClick={() => void schedule(true)}>
              Delete account
            </Button>
          </>
        )}
      </div>
      {scheduling.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(scheduling.error)}
        </p>
      )}
    </section>
  );
}
