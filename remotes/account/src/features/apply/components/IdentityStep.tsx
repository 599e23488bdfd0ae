import type { IdVerification } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit, Spinner } from '@cove/ui';
import { useStartCheck } from '../api/start-check';
import styles from '../Apply.module.css';

/**
 * The identity check: open one, take it on the identity provider's page (which comes back to /apply),
 * and meanwhile wait for its result here (the page asks again every few seconds).
 */
export function IdentityStep({ state }: { state: IdVerification }) {
  const start = useStartCheck();
  const open = state.identity_check === 'in_progress' && state.check_url;
  return (
    <div className={`${kit.panel} ${kit.roomy}`}>
      <h3 className={styles.subtitle}>Verify your identity</h3>
      {state.identity_check === 'retake' && (
        <p className={styles.warning} role="alert">
          The check could not confirm your ID. Please take it again with a clear photo of your document.
        </p>
      )}
      {open ? (
        <>
          <p className={kit.hint}>
            Take the check on our identity partner’s page with a photo of your ID. You come back here when it
            is done.
          </p>
          <div className={styles.actions}>
            <a className={styles.linkButton} href={state.check_url ?? undefined}>
              Open the identity check
            </a>
          </div>
          <p className={styles.waiting} role="status">
            <Spinner size={20} /> Waiting for the result of your identity check…
          </p>
        </>
      ) : (
        <>
          <p className={kit.hint}>
            We check every creator’s ID before they can earn. It takes a couple of minutes.
          </p>
          {start.isError && (
            <p className={kit.error} role="alert">
              {errorMessage(start.error)}
            </p>
          )}
          <div className={styles.actions}>
            <Button onClick={() => start.mutate(undefined)} disabled={start.isPending}>
              {start.isPending
                ? 'Starting…'
                : state.identity_check === 'retake'
                  ? 'Start a new check'
                  : 'Start the identity check'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
