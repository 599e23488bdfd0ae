import { errorMessage, useHost, useSession } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useMutation } from '@tanstack/react-query';
import styles from '../Settings.module.css';

/**
 * A fan's invite code: added once through the spec's add-invite-code popup and kept (the server refuses
 * another, docs/rules.md "Referrals"). A creator's username as the code makes her the referrer and
 * puts her first in Discover.
 */
export function InviteCode() {
  const { account, popups } = useHost();
  const { user } = useSession();
  const saving = useMutation({ mutationFn: (code: string) => account.patch({ code_used: code }) });
  if (!user || user.type !== 'user') return null;

  async function add() {
    const { outcome } = popups.open({ kind: 'add-invite-code' });
    const answer = await outcome;
    if (answer.action === 'confirm' && answer.value) saving.mutate(answer.value.trim());
  }

  return (
    <>
      <div className={styles.row}>
        <span>
          Invite code
          <span className={styles.hint}>
            {user.code_used
              ? `You joined with “${user.code_used}”.`
              : 'Got a code from a friend or a creator? Add it once.'}
          </span>
        </span>
        {!user.code_used && (
          <Button variant="secondary" disabled={saving.isPending} onClick={() => void add()}>
            Add an invite code
          </Button>
        )}
      </div>
      {saving.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(saving.error)}
        </p>
      )}
    </>
  );
}
