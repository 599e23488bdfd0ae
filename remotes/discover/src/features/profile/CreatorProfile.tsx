import type { Profile } from '@cove/contracts';
import { requestState, useServerEvent, useSession } from '@cove/runtime';
import { ButtonLink, kit, Page, RequestView, SignInGate, Spinner } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from '@cove/router';
import { lazy, Suspense } from 'react';
import { ModerationGate } from './components/ModerationGate';
import { parsePostsTab, Posts } from './components/Posts';
import { useFollow } from './api/follow';
import { postsKey } from '../../common/post-lists';
import { profileKey, useProfile } from '../../common/get-profile';
import { useSubscribe } from '../../common/subscribe';
import { ProfileActions, ProfileHeader } from './components/ProfileHeader';
import { useIntent } from './api/intent';
import { useStartChat } from './api/start-chat';
import styles from './Profile.module.css';
import { usePosting } from './api/create-post';

/** A creator's own tools load when they open their own profile: nobody else downloads them. */
const PostComposer = lazy(() =>
  import('./components/PostComposer').then((m) => ({ default: m.PostComposer })),
);
const ScheduledPosts = lazy(() =>
  import('./components/ScheduledPosts').then((m) => ({ default: m.ScheduledPosts })),
);

function Loaded({ profile, own }: { profile: Profile; own: boolean }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const tab = parsePostsTab(params.get('tab'));
  const follow = useFollow(profile._id);
  const subscribe = useSubscribe(profile._id);
  const message = useStartChat(profile);
  const unlockers = {
    follow: () => follow.mutate(true),
    subscribe: () => void subscribe.confirmAndSubscribe(),
  };
  // A bundle chosen before signing in comes back as `months`; otherwise the month.
  const chosen = profile.subscribe_options.find((o) => String(o.months) === params.get('months'));
  useIntent(own, {
    follow: () => !profile.is_followee && unlockers.follow(),
    subscribe: () => profile.subscription?.status !== 'active' && void subscribe.confirmAndSubscribe(chosen),
    message: message.open,
  });
  // Only the creator posts here; the hook is cheap state until then.
  const posting = usePosting(profile);
  return (
    <div className={`${kit.columns} ${styles.layout}`}>
      <ProfileHeader profile={profile} actions={<ProfileActions profile={profile} own={own} />} />
      <div className={styles.main}>
        {/* A restricted creator cannot post yet; approval reloads the user and the composer appears. */}
        {own && (
          <Suspense fallback={<Spinner size={25} />}>
            {user?.restricted ? <ModerationGate /> : <PostComposer posting={posting} />}
            <ScheduledPosts creatorId={profile._id} />
          </Suspense>
        )}
        <Posts
          creatorId={profile._id}
          tab={tab}
          own={own}
          pending={posting.pending}
          unlockers={unlockers}
          opened={params.get('post')}
        />
      </div>
    </div>
  );
}

/** A creator's profile as a signed-in viewer sees it, by id: at `/creators/{id}` and on a public page. */
export function ProfileView({ creatorId }: { creatorId: string }) {
  const { user } = useSession();
  const client = useQueryClient();
  const profile = useProfile(creatorId, true);
  // A subscription renewed, lapsed or ended elsewhere: the header and the locks change with it.
  useServerEvent('subscription_updated', (event) => {
    if (event.model_id !== creatorId) return;
    void client.invalidateQueries({ queryKey: profileKey(creatorId) });
    void client.invalidateQueries({ queryKey: postsKey(creatorId) });
  });
  return (
    <RequestView state={requestState(profile)} retry={() => void profile.refetch()}>
      {(p) => <Loaded profile={p} own={user?._id === p._id} />}
    </RequestView>
  );
}

/** `/creators/{id}`: a creator's profile and posts; the creator's own adds a composer and post tools. */
export function CreatorProfile() {
  const { creatorId = '' } = useParams();
  const { status } = useSession();
  // The same query the view reads: the heading names the creator once it has arrived.
  const profile = useProfile(creatorId, status === 'signed-in');
  return (
    <Page
      title={profile.data?.username ?? 'Creator profile'}
      actions={
        <ButtonLink to="/discover" variant="secondary">
          ← Discover
        </ButtonLink>
      }
    >
      <SignInGate
        icon="👤"
        title="Sign in to see this profile"
        reason="Profiles, feeds and follows need an account."
      >
        <ProfileView creatorId={creatorId} />
      </SignInGate>
    </Page>
  );
}
