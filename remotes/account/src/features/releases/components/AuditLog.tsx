import type { ReleaseAuditEntry } from '@cove/contracts';
import { formatDateTime } from '@cove/runtime';
import { EmptyState } from '@cove/ui';
import styles from '../Releases.module.css';

const actionWords: Record<ReleaseAuditEntry['action'], string> = {
  publish: 'published',
  rollback: 'rolled back',
  canary: 'canary',
  promote: 'promoted',
  'canary-end': 'ended canary',
  'auto-rollback': 'rolled back automatically',
};

/** The recent release actions of every remote, newest first, with who and why. */
export function AuditLog({ entries }: { entries: ReleaseAuditEntry[] }) {
  if (entries.length === 0) {
    return (
      <EmptyState icon="📜" title="No release actions yet">
        Publishing, canaries and rollbacks show here with who made them and why.
      </EmptyState>
    );
  }
  return (
    <ol className={styles.log} aria-label="Recent release actions">
      {entries.map((e) => (
        <li key={`${e.at}-${e.remote}-${e.action}`} className={styles.logEntry}>
          <time dateTime={e.at} className={styles.muted}>
            {formatDateTime(e.at)}
          </time>{' '}
          <strong>{e.remote}</strong> {actionWords[e.action]}{' '}
          <span className={styles.version}>
            {e.from ?? '(none)'} → {e.to}
          </span>
          {e.percent !== undefined && ` at ${e.percent}%`} by {e.by}
          {e.reason && <q className={styles.reason}>{e.reason}</q>}
        </li>
      ))}
    </ol>
  );
}
