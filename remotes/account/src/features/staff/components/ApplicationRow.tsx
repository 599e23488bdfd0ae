import type { AdminApplication } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useState } from 'react';
import { useDecideApplication } from '../api/decide-application';
import { IdPhoto } from './IdPhoto';
import { ReasonDialog } from './ReasonDialog';
import layout from '../../../common/Console.module.css';
import styles from './Applications.module.css';

const identityText = { in_progress: 'Check under way', verified: 'ID verified', retake: 'Asked to retake' };

/** One application, approved (once its identity check passed) or rejected here. */
export function ApplicationRow({ application: a }: { application: AdminApplication }) {
  const decide = useDecideApplication(a);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const name = a.username ?? a.email;
  const verified = a.identity_check === 'verified';
  return (
    <li className={layout.card} aria-label={name}>
      <div className={styles.who}>
        <strong>{name}</strong>
        <span className={layout.muted}>{a.email}</span>
      </div>
      <p className={styles.bio}>{a.bio}</p>
      <dl className={layout.facts}>
        <dt>Born</dt>
        <dd>{a.date_of_birth}</dd>
        <dt>Country</dt>
        <dd>{a.country}</dd>
        <dt>Identity</dt>
        <dd>{a.identity_check ? identityText[a.identity_check] : 'Not started'}</dd>
        <dt>Applied</dt>
        <dd>{new Date(a.created_at).toLocaleDateString()}</dd>
      </dl>
      <div className={styles.photos} aria-label={`ID photos of ${name}`} role="group">
        {a.id_documents.length === 0 ? (
          <p className={layout.muted}>No ID photo was uploaded.</p>
        ) : (
          a.id_documents.map((side) => <IdPhoto key={side} applicationId={a.id} side={side} name={name} />)
        )}
      </div>
      {decide.isError && !decision && (
        <p className={kit.error} role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
      <div className={layout.actions}>
        <Button
          onClick={() => setDecision('approve')}
          disabled={decide.isPending || !verified}
          aria-label={`Approve ${name}`}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDecision('reject')}
          disabled={decide.isPending}
          aria-label={`Reject ${name}`}
        >
          Reject
        </Button>
        {!verified && <span className={layout.muted}>Approve once the identity check has passed.</span>}
      </div>
      {decision && (
        <ReasonDialog
          title={`${decision === 'approve' ? 'Approve' : 'Reject'} ${name}`}
          confirmLabel={decision === 'approve' ? 'Approve' : 'Reject'}
          pending={decide.isPending}
          error={decide.isError ? errorMessage(decide.error) : null}
          onCancel={() => setDecision(null)}
          onConfirm={(reason) => decide.mutate({ decision, reason }, { onSettled: () => setDecision(null) })}
        />
      )}
    </li>
  );
}
