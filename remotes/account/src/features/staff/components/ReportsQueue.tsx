import { reportCategoryLabels, type ReportStatus } from '@cove/contracts';
import { requestState } from '@cove/runtime';
import { Link, useSearchParams } from '@cove/router';
import { EmptyState, RequestView, TabList } from '@cove/ui';
import { useReports } from '../api/reports';
import { when } from '../model/actions';
import styles from '../../../common/Console.module.css';

const views: { show: ReportStatus | 'unresolved'; label: string }[] = [
  { show: 'unresolved', label: 'To do' },
  { show: 'open', label: 'Open' },
  { show: 'assigned', label: 'Assigned' },
  { show: 'resolved', label: 'Resolved' },
];

/** `/account/staff/reports`: the reports queue, oldest first; new reports appear without a reload. */
export function ReportsQueue() {
  const [params] = useSearchParams();
  const show = views.find((v) => v.show === params.get('show'))?.show ?? 'unresolved';
  const query = useReports(show);
  return (
    <section className={styles.screen} aria-label="Reports">
      <TabList
        label="Which reports"
        items={views.map((v) => ({
          to: v.show === 'unresolved' ? '/account/staff/reports' : `/account/staff/reports?show=${v.show}`,
          label: v.label,
          current: v.show === show,
        }))}
      />
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(reports) =>
          reports.length === 0 ? (
            <EmptyState icon="✅" title="No reports here">
              New reports appear here as they come in.
            </EmptyState>
          ) : (
            <ul className={styles.list} aria-label="Reports queue">
              {reports.map((r) => (
                <li key={r.id} className={styles.card}>
                  <div className={styles.row}>
                    <Link to={`/account/staff/reports/${r.id}`}>
                      {`${reportCategoryLabels[r.category]}: ${r.reported.username ?? r.reported.email}`}
                    </Link>
                    <span className={styles.muted}>
                      {r.status === 'assigned' && r.assigned_to
                        ? `Assigned to ${r.assigned_to.email}`
                        : r.status}
                    </span>
                  </div>
                  {r.note && <p className={styles.quote}>{r.note}</p>}
                  <span className={styles.muted}>
                    By {r.reporter.username ?? r.reporter.email} · {when(r.created_at)} · {r.evidence.length}{' '}
                    item
                    {r.evidence.length === 1 ? '' : 's'} of evidence
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </RequestView>
    </section>
  );
}
