import { publicPagePath } from '@cove/contracts';
import { releaseFirstScreen, requestState, useSession } from '@cove/runtime';
import { ButtonLink, Page, RequestView, Spinner } from '@cove/ui';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from '@cove/router';
import { ProfileView } from './CreatorProfile';
import { usePublicCreator } from './api/public-creator';
import { GuestProfile } from './components/GuestProfile';

/** A free-trial offer loads only for a trial link's visitors. */
const TrialOffer = lazy(() => import('./components/TrialOffer').then((m) => ({ default: m.TrialOffer })));

/**
 * `/{username}`: a creator's public page (docs/rules.md, Public pages). A visitor who is not signed
 * in sees what anyone may; a signed-in one the profile as everywhere else, with what they chose
 * before signing in (`?intent=`) done there, and a free-trial link's offer (`?trial=`) above it. An
 * old username's address turns into the current one.
 */
export function PublicPage({ username }: { username: string }) {
  const { status, user } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const own = user?.username?.toLowerCase() === username.toLowerCase() ? user : null;
  const creator = usePublicCreator(username, status !== 'unknown' && !own);
  const current = creator.data?.username;
  // The server drew this page before any script (docs/frontend-platform.md, First screen): it gives
  // way once this one has something of its own to show.
  const shown = status !== 'unknown' && (own !== null || creator.data !== undefined || creator.isError);
  useEffect(() => {
    if (shown) releaseFirstScreen();
  }, [shown]);
  // A free-trial link lands here (`?trial=`) and keeps its code through sign-in.
  const trial = new URLSearchParams(search).get('trial');
  useEffect(() => {
    if (current && current !== username)
      void navigate(`${publicPagePath(current)}${search}`, { replace: true });
  }, [current, username, search, navigate]);

  return (
    <Page
      title={current ?? username}
      actions={
        <ButtonLink to="/discover" variant="secondary">
          Discover creators
        </ButtonLink>
      }
    >
      {trial && !own && status !== 'unknown' && (
        <Suspense fallback={null}>
          <TrialOffer code={trial} username={current ?? username} />
        </Suspense>
      )}
      {status === 'unknown' ? (
        <div role="status" aria-label="Loading">
          <Spinner size={50} />
        </div>
      ) : own ? (
        <ProfileView creatorId={own._id} />
      ) : (
        <RequestView state={requestState(creator)} retry={() => void creator.refetch()}>
          {(c) => (status === 'signed-in' ? <ProfileView creatorId={c._id} /> : <GuestProfile creator={c} />)}
        </RequestView>
      )}
    </Page>
  );
}
