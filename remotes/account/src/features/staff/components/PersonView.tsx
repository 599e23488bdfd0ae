import {
  reportCategoryLabels,
  type StaffAction,
  type StaffPersonView,
  type StaffReport,
  type WarningKind,
} from '@cove/contracts';
import { errorMessage, requestState, useSession } from '@cove/runtime';
import { Link, useParams } from '@cove/router';
import { Button, kit, RequestView } from '@cove/ui';
import { useId, useState } from 'react';
import { usePerson, usePersonAction } from '../api/person';
import { ladderLabels, mayDo, nextLadderStep, when } from '../model/actions';
import styles from '../../../common/Console.module.css';
import { AuditList } from './AuditLog';
import { PaymentsList } from './PaymentsList';
import { ReasonDialog } from './ReasonDialog';
import { WarningChoice } from './ReportDetail';

/** `/account/staff/people/:id`: one person's account, money, reports and applications, and actions on them. */
export function PersonView() {
  const { id = '' } = useParams();
  const query = usePerson(id);
  return (
    <RequestView state={requestState(query)} retry={() => void query.refetch()}>
      {(view) => <Person view={view} />}
    </RequestView>
  );
}

const actionLabels: Record<StaffAction, string> = {
  warn: 'Warn',
  freeze: 'Freeze',
  unfreeze: 'Unfreeze',
  ban: 'Ban',
  unban: 'Unban',
  terminate: 'Terminate',
  'grant-credits': 'Grant credits',
  penalize: 'Visibility penalty',
  'lift-penalty': 'Lift visibility penalty',
};

/** The actions that make sense for the person as they are now. */
function actionsFor(p: StaffPersonView['person']): StaffAction[] {
  if (p.terminated) return [];
  if (p.banned) return ['unban', 'terminate'];
  const ladder: StaffAction[] =
    p.type === 'featured' ? ['penalize', ...(p.discover_warning ? (['lift-penalty'] as const) : [])] : [];
  return ['warn', p.frozen ? 'unfreeze' : 'freeze', ...ladder, 'ban', 'terminate', 'grant-credits'];
}

const secondary: ReadonlySet<StaffAction> = new Set(['grant-credits', 'unfreeze', 'unban', 'lift-penalty']);

function Person({ view }: { view: StaffPersonView }) {
  const { user } = useSession();
  const p = view.person;
  const act = usePersonAction(p.id);
  const [choice, setChoice] = useState<StaffAction | null>(null);
  const [warning, setWarning] = useState<WarningKind>('global');
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const extraId = useId();
  const state = [p.terminated && 'terminated', p.banned && 'banned', p.frozen && 'frozen'].filter(Boolean);
  const extra =
    choice === 'warn' ? (
      <>
        <WarningChoice value={warning} onChange={setWarning} />
        <label className={kit.label} htmlFor={extraId}>
          What the warning says (optional)
        </label>
        <textarea
          id={extraId}
          className={kit.input}
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </>
    ) : choice === 'grant-credits' ? (
      <>
        <label className={kit.label} htmlFor={extraId}>
          Credits
        </label>
        <input
          id={extraId}
          className={kit.input}
          inputMode="numeric"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </>
    ) : choice === 'penalize' ? (
      <p className={styles.muted}>
        This gives {nextLadderStep(p.discover_warning)}. The creator sees your reason on their banner.
      </p>
    ) : null;
  return (
    <section className={styles.screen} aria-label={`Person ${p.email}`}>
      <div className={styles.card}>
        <h2 className={styles.title}>{p.username ?? p.email}</h2>
        <dl className={styles.facts}>
          <dt>Email</dt>
          <dd>{p.email}</dd>
          <dt>Account</dt>
          <dd>
            {p.type === 'featured' ? 'Creator' : 'Fan'}
            {p.is_staff ? ', staff' : p.is_staff_mo ? ', moderator' : ''}
          </dd>
          <dt>State</dt>
          <dd>{state.length ? state.join(', ') : 'active'}</dd>
          <dt>Joined</dt>
          <dd>{when(p.created_at)}</dd>
          <dt>Balance</dt>
          <dd>{p.balance}</dd>
          <dt>Payments</dt>
          <dd>
            {view.payments.count} ({view.payments.total})
          </dd>
          <dt>Payouts</dt>
          <dd>
            {view.payouts.count} ({view.payouts.total})
          </dd>
          <dt>Features off</dt>
          <dd>
            {Object.entries(view.features)
              .filter(([, on]) => !on)
              .map(([name]) => name)
              .join(', ') || 'none'}
          </dd>
          {p.type === 'featured' && (
            <>
              <dt>Discover</dt>
              <dd>
                {p.discover_warning
                  ? `${ladderLabels[p.discover_warning.level]} until ${when(p.discover_warning.ends_at)} (${p.discover_warning.reason})`
                  : 'no warnings'}
              </dd>
            </>
          )}
          <dt>Applications</dt>
          <dd>
            {view.applications.map((a) => `${a.status} (${a.country}, ${when(a.created_at)})`).join('; ') ||
              'none'}
          </dd>
        </dl>
      </div>
      {user && (
        <div className={styles.actions} aria-label="Actions">
          {actionsFor(p)
            .filter((a) => mayDo(user, a))
            .map((a) => (
              <Button
                key={a}
                variant={secondary.has(a) ? 'secondary' : 'danger'}
                onClick={() => setChoice(a)}
              >
                {actionLabels[a]}
              </Button>
            ))}
        </div>
      )}
      {act.isSuccess && (
        <p className={kit.notice} role="status">
          {act.data.message}
        </p>
      )}
      <PaymentsList personId={p.id} payments={view.payments.recent} mayAct={Boolean(user?.is_staff)} />
      <ReportList title="Reports about them" reports={view.reports_about} />
      <ReportList title="Reports they made" reports={view.reports_by} />
      <div className={styles.card}>
        <h3 className={styles.title}>Audit log</h3>
        <AuditList target={p.id} />
      </div>
      {choice && (
        <ReasonDialog
          title={`${actionLabels[choice]}: ${p.username ?? p.email}`}
          confirmLabel={actionLabels[choice]}
          pending={act.isPending}
          error={act.isError ? errorMessage(act.error) : null}
          extra={extra}
          onCancel={() => setChoice(null)}
          onConfirm={(reason) =>
            act.mutate(
              {
                action: choice,
                body: {
                  reason,
                  ...(choice === 'warn'
                    ? { kind: warning, ...(message.trim() ? { message: message.trim() } : {}) }
                    : {}),
                  ...(choice === 'grant-credits' ? { amount: Number(amount) } : {}),
                },
              },
              { onSuccess: () => setChoice(null) },
            )
          }
        />
      )}
    </section>
  );
}

function ReportList({ title, reports }: { title: string; reports: StaffReport[] }) {
  return (
    <div className={styles.card}>
      <h3 className={styles.title}>{title}</h3>
      {reports.length === 0 ? (
        <p className={styles.muted}>None.</p>
      ) : (
        <ul className={styles.list} aria-label={title}>
          {reports.map((r) => (
            <li key={r.id}>
              <Link to={`/account/staff/reports/${r.id}`}>{reportCategoryLabels[r.category]}</Link>{' '}
              <span className={styles.muted}>
                · {r.status} · {when(r.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
