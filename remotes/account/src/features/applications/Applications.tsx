import {
  adminApplicationsResponse,
  type AdminApplication,
  applicationDecisionResponse,
} from '@cove/contracts';
import { errorMessage, requestState, useHost, useSession } from '@cove/runtime';
import { Button, EmptyState, RequestView } from '@cove/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import styles from './Applications.module.css';

const applicationsKey = ['admin-applications'];
const identityText = { in_progress: 'Check under way', verified: 'ID verified', retake: 'Asked to retake' };

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
  const { api } = useHost();
  const headingId = useId();
  const query = useQuery({
    queryKey: applicationsKey,
    queryFn: async ({ signal }) =>
      (await api.get('/v1/admin/applications', { schema: adminApplicationsResponse, signal })).applications,
  });
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
            <ul className={styles.list} aria-label="Pending applications">
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

function ApplicationRow({ application: a }: { application: AdminApplication }) {
  const { api } = useHost();
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      api.post(`/v1/admin/applications/${a.id}/${decision}`, {}, { schema: applicationDecisionResponse }),
    onSuccess: () =>
      client.setQueryData<AdminApplication[]>(applicationsKey, (all) => all?.filter((x) => x.id !== a.id)),
  });
  const name = a.username ?? a.email;
  const verified = a.identity_check === 'verified';
  return (
    <li className={styles.item} aria-label={name}>
      <div className={styles.who}>
        <strong>{name}</strong>
        <span className={styles.muted}>{a.email}</span>
      </div>
      <p className={styles.bio}>{a.bio}</p>
      <dl className={styles.facts}>
        <dt>Born</dt>
        <dd>{a.date_of_birth}</dd>
        <dt>Country</dt>
        <dd>{a.country}</dd>
        <dt>Identity</dt>
        <dd>{a.identity_check ? identityText[a.identity_check] : 'Not started'}</dd>
        <dt>Applied</dt>
        <dd>{new Date(a.created_at).toLocaleDateString()}</dd>
      </dl>
      {decide.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          onClick={() => decide.mutate('approve')}
          disabled={decide.isPending || !verified}
          aria-label={`Approve ${name}`}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          onClick={() => decide.mutate('reject')}
          disabled={decide.isPending}
          aria-label={`Reject ${name}`}
        >
          Reject
        </Button>
        {!verified && <span className={styles.muted}>Approve once the identity check has passed.</span>}
      </div>
    </li>
  );
}
