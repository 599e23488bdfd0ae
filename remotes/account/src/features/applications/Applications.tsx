import { requestState, useSession } from '@cove/runtime';
import { EmptyState, kit, RequestView } from '@cove/ui';
import { useId } from 'react';
import { useApplications } from './api/applications';
import { ApplicationRow } from './components/ApplicationRow';
import styles from './Applications.module.css';

/** `/account/applications`, for staff: the applications waiting for a decision, each approved or rejected here. */
export function Applications() {
  const { user } = useSession();
  if (!user?.is_staff && !user?.is_staff_mo) {
    return (
      <EmptyState icon="🔒" title="This page is for staff">
        Creator applications are reviewed by Cove’s team.
      </EmptyState>
    );
  }
  return <PendingApplications />;
}

function PendingApplications() {
  const headingId = useId();
  const query = useApplications();
  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Creator applications
      </h2>
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(applications) =>
          applications.length === 0 ? (
            <EmptyState icon="📭" title="No applications waiting">
              New applications show here.
            </EmptyState>
          ) : (
            <ul className={kit.stack} aria-label="Pending applications">
              {applications.map((a) => (
                <ApplicationRow key={a.id} application={a} />
              ))}
            </ul>
          )
        }
      </RequestView>
    </section>
  );
}
