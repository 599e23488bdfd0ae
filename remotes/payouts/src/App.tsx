import type { RemoteAppProps } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { QueryRoot } from '@cove/runtime/query';
import { ButtonLink, EmptyState, Page, RemoteRoot, SignInGate, Tabs } from '@cove/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { earningsSections } from './features/earnings/sections';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

const tabs = earningsSections.map((s) => ({ to: `/account/earnings/${s.path}`, label: s.label }));

function Earnings() {
  const { user } = useSession();
  if (user && user.type !== 'featured') {
    return (
      <EmptyState
        icon="🎨"
        title="Earnings are for creators"
        actions={<ButtonLink to="/account">Back to account</ButtonLink>}
      >
        Creators see their earnings, payouts and referrals here.
      </EmptyState>
    );
  }
  return (
    <>
      <Tabs label="Earnings sections" items={tabs} />
      <Routes>
        <Route index element={<Navigate to="summary" replace />} />
        {earningsSections.map((s) => (
          <Route
            key={s.path}
            path={s.path}
            element={
              <EmptyState icon={s.icon} title={s.label}>
                {s.body}
              </EmptyState>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="summary" replace />} />
      </Routes>
    </>
  );
}

/** The payouts remote: mounted by the shell at /account/earnings/*. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="payouts">
      <QueryRoot>
        <Page title="Earnings" subtitle="What you've earned, and how it reaches you.">
          <SignInGate
            icon="💸"
            title="Sign in to see your earnings"
            reason="Earnings and payouts are private to your account."
          >
            <Earnings />
          </SignInGate>
        </Page>
      </QueryRoot>
    </RemoteRoot>
  );
}
