import type { RemoteAppProps } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { QueryRoot } from '@cove/runtime/query';
import { ButtonLink, EmptyState, Page, RemoteRoot, SignInGate, Tabs } from '@cove/ui';
import { Navigate, Route, Routes } from '@cove/router';
import { BroadcastStats } from './features/broadcast-stats/BroadcastStats';
import { PayoutMethod } from './features/payout-method/PayoutMethod';
import { Payouts } from './features/payouts/Payouts';
import { Referrals } from './features/referrals/Referrals';
import { Summary } from './features/summary/Summary';
import { usePayoutEvents } from './common/use-payout-events';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** The earnings area's screens, under /account/earnings/. */
const earningsSections = [
  { path: 'summary', label: 'Summary', Screen: Summary },
  { path: 'payouts', label: 'Payouts', Screen: Payouts },
  { path: 'payout-method', label: 'Payout method', Screen: PayoutMethod },
  { path: 'referrals', label: 'Referrals', Screen: Referrals },
  { path: 'broadcasts', label: 'Broadcast stats', Screen: BroadcastStats },
];

const tabs = earningsSections.map((s) => ({ to: `/account/earnings/${s.path}`, label: s.label }));

/** The creator's tabs; a payout moving on refreshes whichever is open. */
function CreatorEarnings() {
  usePayoutEvents();
  return (
    <>
      <Tabs label="Earnings sections" items={tabs} />
      <Routes>
        <Route index element={<Navigate to="summary" replace />} />
        {earningsSections.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        {/* Absolute: a relative target under a splat route resolves below the unknown path and loops. */}
        <Route path="*" element={<Navigate to="/account/earnings/summary" replace />} />
      </Routes>
    </>
  );
}

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
  return <CreatorEarnings />;
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
