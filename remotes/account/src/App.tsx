import { isStaffMember, type RemoteAppProps } from '@cove/contracts';
import { useFeature, useSession } from '@cove/runtime';
import { QueryRoot } from '@cove/runtime/query';
import { EmptyState, Page, RemoteRoot, SignInGate, Spinner, SplitLayout } from '@cove/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from '@cove/router';
import { accountNav, accountSectionTitle } from './features/account-nav';
import { Apply } from './features/apply/Apply';
import { AutoMessages } from './features/auto-messages/AutoMessages';
import { Cards } from './features/cards/Cards';
import { EditProfile } from './features/edit-profile/EditProfile';
import { GetCredits } from './features/get-credits/GetCredits';
import { Notifications } from './features/notifications/Notifications';
import { Overview } from './features/overview/Overview';
import { History } from './features/history/History';
import { Receipt } from './features/history/Receipt';
import { Settings } from './features/settings/Settings';
import { BlockedPeople } from './features/settings/components/BlockedPeople';
import { Subscriptions } from './features/subscriptions/Subscriptions';
import { SubscriptionOffers } from './features/subscription-offers/SubscriptionOffers';
import { Vault } from './features/vault/Vault';

/** The release page is for a few release managers: its code loads when one opens it. */
const Releases = lazy(() => import('./features/releases/Releases'));
/** The security screen is loaded when first opened: most visits never need it. */
const Security = lazy(() => import('./features/security/Security'));
// Staff only: loaded when a staff member opens it, so nobody else downloads it.
const StaffSupport = lazy(() =>
  import('./features/staff-support/StaffSupport').then((m) => ({ default: m.StaffSupport })),
);

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** The staff console is for staff only: its code loads when one opens it. */
const StaffConsole = lazy(() => import('./features/staff/StaffConsole'));

function AccountArea() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const hasVault = useFeature('vault', true);
  const isStaff = user ? isStaffMember(user) : false;
  return (
    <Page
      title="Account"
      documentTitle={accountSectionTitle(pathname)}
      subtitle="Your profile, settings, balance and spending history."
    >
      <SignInGate
        icon="🔐"
        title="Sign in to manage your account"
        reason="Settings, your balance and purchases are kept with your account."
      >
        <SplitLayout
          label="Account sections"
          items={accountNav({
            isCreator: user?.type === 'featured',
            isStaff,
            isReleaseManager: user?.is_release_manager === true,
            hasVault,
          })}
        >
          <Routes>
            <Route index element={<Overview />} />
            <Route path="settings" element={<Settings section="all" />} />
            <Route path="settings/privacy" element={<Settings section="privacy" />} />
            <Route path="settings/blocked" element={<BlockedPeople />} />
            <Route path="edit-profile" element={<EditProfile />} />
            <Route path="vault" element={<Vault />} />
            <Route path="get-credits" element={<GetCredits />} />
            <Route path="cards" element={<Cards />} />
            <Route path="history" element={<History />} />
            <Route path="history/:id" element={<Receipt />} />
            <Route path="purchases" element={<Navigate to="/account/history?show=unlocks" replace />} />
            <Route path="subscriptions" element={<Subscriptions />} />
            <Route path="subscription-offers" element={<SubscriptionOffers />} />
            <Route path="auto-messages" element={<AutoMessages />} />
            <Route path="auto-messages/:category" element={<AutoMessages />} />
            <Route path="apply" element={<Apply />} />
            <Route path="applications" element={<Navigate to="/account/staff/applications" replace />} />
            <Route
              path="staff/*"
              element={
                <Suspense fallback={<Spinner size={50} />}>
                  <StaffConsole />
                </Suspense>
              }
            />
            <Route
              path="releases"
              element={
                <Suspense fallback={<Spinner size={50} />}>
                  <Releases />
                </Suspense>
              }
            />
            <Route
              path="security"
              element={
                <Suspense fallback={<Spinner size={50} />}>
                  <Security />
                </Suspense>
              }
            />
            {isStaff && (
              <Route
                path="support-chats/*"
                element={
                  <Suspense fallback={<Spinner size={50} />}>
                    <StaffSupport />
                  </Suspense>
                }
              />
            )}
            <Route
              path="*"
              element={
                <EmptyState icon="🧭" title="There is no such account page">
                  Pick a section from the list.
                </EmptyState>
              }
            />
          </Routes>
        </SplitLayout>
      </SignInGate>
    </Page>
  );
}

/** `/notifications`: the person's notifications centre, a page of its own beside the account's. */
function NotificationsArea() {
  return (
    <Page title="Notifications">
      <SignInGate
        icon="🔔"
        title="Sign in to see your notifications"
        reason="Messages, tips, sales and news are kept with your account."
      >
        <Notifications />
      </SignInGate>
    </Page>
  );
}

/** The account remote: mounted by the shell at /account/* (earnings excepted) and /notifications/*. */
export default function App({ host }: RemoteAppProps) {
  const { pathname } = useLocation();
  return (
    <RemoteRoot host={host} name="account">
      <QueryRoot>{pathname.startsWith('/notifications') ? <NotificationsArea /> : <AccountArea />}</QueryRoot>
    </RemoteRoot>
  );
}
