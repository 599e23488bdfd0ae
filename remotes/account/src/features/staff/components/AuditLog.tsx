import { EmptyState, PagedView } from '@cove/ui';
import { Link } from '@cove/router';
import { useAudit } from '../api/audit';
import { when } from '../model/actions';
import styles from '../../../common/Console.module.css';

/** The audit log's rows, newest first, for one person or everyone. Nothing here edits them. */
export function AuditList({ target }: { target?: string }) {
  const list = useAudit(target);
  return (
    <PagedView list={list} empty={<p className={styles.muted}>No staff actions yet.</p>}>
      {(entries) => (
        <ol className={styles.list} aria-label="Audit log">
          {entries.map((e) => (
            <li key={e.id}>
              <strong>{e.command}</strong>
              {e.args.length > 0 && ` ${e.args.join(' ')}`} <span className={styles.muted}>by {e.actor}</span>
              {!target && e.target_user_id && (
                <>
                  {' '}
                  · <Link to={`/account/staff/people/${e.target_user_id}`}>person</Link>
                </>
              )}
              <br />
              <span className={styles.muted}>
                {when(e.created_at)} · {e.reason}
              </span>
            </li>
          ))}
        </ol>
      )}
    </PagedView>
  );
}

/** `/account/staff/audit`: every staff action, who took it, why and when. */
export function AuditLog() {
  return (
    <section className={styles.screen} aria-label="Audit log">
      <AuditList />
    </section>
  );
}

export const noAccess = (
  <EmptyState icon="🔒" title="This page is for staff">
    The staff console is for Cove’s team.
  </EmptyState>
);
