import type { ReleaseRemote } from '@cove/contracts';
import { requestState, useSession } from '@cove/runtime';
import { EmptyState, RequestView, Section } from '@cove/ui';
import { useState } from 'react';
import { useReleases } from './api/releases';
import { AuditLog } from './components/AuditLog';
import { ReleaseDialog } from './components/ReleaseDialog';
import { RemoteCard } from './components/RemoteCard';
import type { ReleasePlan } from './model/release-plan';
import styles from './Releases.module.css';

/** `/account/releases`, for release managers: each remote's versions, its release actions and the audit log. */
export default function Releases() {
  const { user } = useSession();
  if (!user?.is_release_manager) {
    return (
      <EmptyState icon="🔒" title="This page is for release managers">
        Releases are published and rolled back by Cove’s release managers.
      </EmptyState>
    );
  }
  return <ReleaseBoard />;
}

function ReleaseBoard() {
  const query = useReleases();
  const [open, setOpen] = useState<{ remote: ReleaseRemote; plan: ReleasePlan } | null>(null);
  return (
    <RequestView state={requestState(query)} retry={() => void query.refetch()}>
      {({ remotes, changes }) => (
        <div className={styles.screen}>
          <Section title="Releases">
            <p className={styles.muted}>
              What each part of the site runs. Every action asks why and is kept in the audit log below.
            </p>
            <div className={styles.cards}>
              {remotes.map((r) => (
                <RemoteCard key={r.remote} remote={r} onPlan={(plan) => setOpen({ remote: r, plan })} />
              ))}
            </div>
          </Section>
          <Section title="Recent release actions">
            <AuditLog entries={changes} />
          </Section>
          {open && <ReleaseDialog remote={open.remote} plan={open.plan} onClose={() => setOpen(null)} />}
        </div>
      )}
    </RequestView>
  );
}
