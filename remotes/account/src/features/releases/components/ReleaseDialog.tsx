import type { ReleaseRemote } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit, Sheet, SheetActions, Spinner } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useReleaseAction } from '../api/releases';
import { describePlan, describeResult, type ReleasePlan } from '../model/release-plan';
import styles from '../Releases.module.css';

const MIN_REASON = 3;

/**
 * Confirms one release action: what will change, why (required, kept in the audit log), then the
 * action's progress and what the server did. On the kit's `Sheet`: Escape or Cancel closes it
 * unless it runs.
 */
export function ReleaseDialog({
  remote,
  plan,
  onClose,
}: {
  remote: ReleaseRemote;
  plan: ReleasePlan;
  onClose(): void;
}) {
  const changeId = useId();
  const reasonId = useId();
  const percentId = useId();
  const [reason, setReason] = useState('');
  const [percent, setPercent] = useState(10);
  const [tried, setTried] = useState(false);
  const action = useReleaseAction(remote.remote, plan);
  const running = action.isPending;
  const text = describePlan(remote, plan, percent);
  const reasonShort = reason.trim().length < MIN_REASON;
  const percentBad = plan.kind === 'canary' && !(Number.isInteger(percent) && percent >= 1 && percent <= 99);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reasonShort || percentBad || running) return;
    action.mutate({ reason: reason.trim(), percent });
  };

  return (
    <Sheet title={text.title} describedBy={changeId} onClose={() => !running && onClose()}>
      <p id={changeId} className={styles.muted}>
        {text.change}
      </p>
      {action.isSuccess ? (
        <>
          <p className={kit.ok} role="status">
            {describeResult(action.data)}
          </p>
          <SheetActions>
            <Button onClick={onClose}>Done</Button>
          </SheetActions>
        </>
      ) : (
        <form className={kit.stack} onSubmit={submit} noValidate>
          {plan.kind === 'canary' && (
            <div className={kit.field}>
              <label className={kit.label} htmlFor={percentId}>
                Share of browsers (%)
              </label>
              <input
                id={percentId}
                className={kit.input}
                type="number"
                min={1}
                max={99}
                value={Number.isNaN(percent) ? '' : percent}
                onChange={(e) => setPercent(e.target.valueAsNumber)}
                aria-invalid={tried && percentBad}
                disabled={running}
              />
              {tried && percentBad && <p className={kit.fieldError}>A whole percent from 1 to 99.</p>}
            </div>
          )}
          <div className={kit.field}>
            <label className={kit.label} htmlFor={reasonId}>
              Reason
            </label>
            <textarea
              id={reasonId}
              className={kit.input}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={tried && reasonShort}
              aria-describedby={`${reasonId}-hint`}
              disabled={running}
            />
            <p id={`${reasonId}-hint`} className={tried && reasonShort ? kit.fieldError : kit.hint}>
              {tried && reasonShort
                ? 'Say why, in a few words.'
                : 'Kept in the release audit log with your email.'}
            </p>
          </div>
          {running && (
            <p className={styles.progress} role="status">
              <Spinner size={20} /> Working: checks first, then the registry…
            </p>
          )}
          {action.isError && (
            <p className={kit.alert} role="alert">
              {errorMessage(action.error)}
            </p>
          )}
          <SheetActions>
            <Button
              type="submit"
              disabled={running}
              variant={plan.kind === 'rollback' ? 'danger' : 'primary'}
            >
              {text.action}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={running}>
              Cancel
            </Button>
          </SheetActions>
        </form>
      )}
    </Sheet>
  );
}
