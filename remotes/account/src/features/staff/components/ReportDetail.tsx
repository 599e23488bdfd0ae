import {
  reportCategoryLabels,
  type ReportResolution,
  reportResolutions,
  type StaffReport,
  type WarningKind,
} from '@cove/contracts';
import { errorMessage, requestState, useSession } from '@cove/runtime';
import { Link, useParams } from '@cove/router';
import { Button, kit, RequestView } from '@cove/ui';
import { useState } from 'react';
import { useReport, useReportActions } from '../api/reports';
import { mayDo, resolutionLabels, when } from '../model/actions';
import styles from '../../../common/Console.module.css';
import { Evidence } from './Evidence';
import { ReasonDialog } from './ReasonDialog';

/** `/account/staff/reports/:id`: one report with its evidence; take it, then resolve it with an action. */
export function ReportDetail() {
  const { id = '' } = useParams();
  const query = useReport(id);
  return (
    <RequestView state={requestState(query)} retry={() => void query.refetch()}>
      {(report) => <ReportCard report={report} />}
    </RequestView>
  );
}

function ReportCard({ report: r }: { report: StaffReport }) {
  const { user } = useSession();
  const { assign, resolve } = useReportActions(r.id);
  const [choice, setChoice] = useState<ReportResolution | null>(null);
  const [warning, setWarning] = useState<WarningKind>('global');
  const name = (p: StaffReport['reported']) => p.username ?? p.email;
  return (
    <section className={styles.screen} aria-label="Report">
      <p>
        <Link to="/account/staff/reports">← All reports</Link>
      </p>
      <div className={styles.card}>
        <h2 className={styles.title}>
          {reportCategoryLabels[r.category]}: {name(r.reported)}
        </h2>
        <dl className={styles.facts}>
          <dt>About</dt>
          <dd>
            <Link to={`/account/staff/people/${r.reported.id}`}>{name(r.reported)}</Link> ({r.reported.email})
          </dd>
          <dt>By</dt>
          <dd>
            <Link to={`/account/staff/people/${r.reporter.id}`}>{name(r.reporter)}</Link>
          </dd>
          <dt>Made</dt>
          <dd>{when(r.created_at)}</dd>
          <dt>Status</dt>
          <dd>
            {r.status}
            {r.assigned_to ? ` (${r.assigned_to.email})` : ''}
          </dd>
          {r.resolution && (
            <>
              <dt>Resolution</dt>
              <dd>
                {resolutionLabels[r.resolution as ReportResolution] ?? r.resolution}: {r.resolution_note}
              </dd>
            </>
          )}
        </dl>
        {r.note && <p className={styles.quote}>{r.note}</p>}
      </div>
      <div className={styles.card}>
        <h3 className={styles.title}>Evidence</h3>
        <Evidence items={r.evidence} />
      </div>
      {r.status !== 'resolved' && user && (
        <div className={styles.actions} aria-label="Resolve">
          {r.assigned_to?.id !== user._id && (
            <Button variant="secondary" onClick={() => assign.mutate()} disabled={assign.isPending}>
              Assign to me
            </Button>
          )}
          {reportResolutions
            .filter((a) => mayDo(user, a))
            .map((a) => (
              <Button key={a} variant={a === 'dismiss' ? 'secondary' : 'danger'} onClick={() => setChoice(a)}>
                {resolutionLabels[a]}
              </Button>
            ))}
        </div>
      )}
      {assign.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(assign.error)}
        </p>
      )}
      {choice && (
        <ReasonDialog
          title={`${resolutionLabels[choice]}: ${name(r.reported)}`}
          confirmLabel={`${resolutionLabels[choice]} and resolve`}
          pending={resolve.isPending}
          error={resolve.isError ? errorMessage(resolve.error) : null}
          extra={choice === 'warn' && <WarningChoice value={warning} onChange={setWarning} />}
          onCancel={() => setChoice(null)}
          onConfirm={(reason) =>
            resolve.mutate(
              { action: choice, reason, ...(choice === 'warn' ? { warning } : {}) },
              { onSuccess: () => setChoice(null) },
            )
          }
        />
      )}
    </section>
  );
}

/** Which of the spec's warning popups the person sees. */
export function WarningChoice({
  value,
  onChange,
}: {
  value: WarningKind;
  onChange(kind: WarningKind): void;
}) {
  return (
    <fieldset className={kit.fieldset}>
      <legend className={kit.legend}>Warning</legend>
      {(['global', 'payment'] as const).map((kind) => (
        <label key={kind} className={kit.choice}>
          <input type="radio" name="warning" checked={value === kind} onChange={() => onChange(kind)} />
          {kind === 'global' ? 'General warning' : 'About payments'}
        </label>
      ))}
    </fieldset>
  );
}
