import { requestState } from '@cove/runtime';
import { EmptyState, RequestView } from '@cove/ui';
import { useId } from 'react';
import { useApplications } from '../api/applications';
import { ApplicationRow } from './ApplicationRow';
import layout from '../../../common/Console.module.css';

/** `/account/staff/applications`: the applications waiting for a decision, each approved or rejected here. */
export function Applications() {
  const headingId = useId();
  const query = useApplications();
  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.title}>
        Creator applications
      </h2>
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(applications) =>
          applications.length === 0 ? (
            <EmptyState icon="📭" title="No applications waiting">
              New applications show here.
            </EmptyState>
          ) : (
            <ul className={layout.list} aria-label="Pending applications">
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
