import { publicPagePath, type PublicCreator, type PublicPageIntent } from '@cove/contracts';
import { ButtonLink, EmptyState, kit } from '@cove/ui';
import { useNavigate } from '@cove/router';
import { PostCard, type Unlockers } from '../../../common/PostCard';
import { ProfileHeader } from './ProfileHeader';
import { monthButtonText, PromotionNote, splitOptions, SubscribeOptions } from './SubscribeOptions';
import profile from '../Profile.module.css';

/**
 * Sign-in (the emailed link makes the account when there is none) that comes back to this page and
 * does what the visitor chose there (`?intent=`, with a bundle's `months`), or opens the post they
 * wanted (`?post=`).
 */
export function signInTo(
  username: string,
  then: { intent: PublicPageIntent; months?: string } | { post: string },
): string {
  const back = `${publicPagePath(username)}?${new URLSearchParams(then).toString()}`;
  return `/login?next=${encodeURIComponent(back)}`;
}

function GuestActions({ creator }: { creator: PublicCreator }) {
  const to = (intent: PublicPageIntent) => signInTo(creator.username, { intent });
  const { month, bundles } = splitOptions(creator.subscribe_options);
  return (
    <>
      <div className={profile.actions}>
        {creator.subscription_price > 0 && (
          <ButtonLink to={to('subscribe')}>{monthButtonText(month, creator.subscription_price)}</ButtonLink>
        )}
        <ButtonLink to={to('message')} variant="secondary">
          Message
        </ButtonLink>
        <ButtonLink to={to('follow')} variant="secondary">
          Follow
        </ButtonLink>
      </div>
      <PromotionNote month={month} monthly={creator.subscription_price} />
      {bundles.length > 0 && (
        <SubscribeOptions
          options={bundles}
          monthly={creator.subscription_price}
          hrefFor={(o) => signInTo(creator.username, { intent: 'subscribe', months: String(o.months) })}
        />
      )}
      <p className={kit.hint}>
        Join Cove with your email to subscribe, message or follow: no password needed.
      </p>
    </>
  );
}

/**
 * A creator's public page for a visitor who is not signed in: the profile, and the newest posts,
 * whole when open to everyone and free, else a locked teaser whose every action signs in first.
 */
export function GuestProfile({ creator }: { creator: PublicCreator }) {
  const navigate = useNavigate();
  const go = (then: { intent: PublicPageIntent } | { post: string }) =>
    void navigate(signInTo(creator.username, then));
  const unlockers: Unlockers = {
    follow: () => go({ intent: 'follow' }),
    subscribe: () => go({ intent: 'subscribe' }),
    buy: (post) => go({ post: post._id }),
  };
  return (
    <div className={`${kit.columns} ${profile.layout}`}>
      <ProfileHeader profile={creator} actions={<GuestActions creator={creator} />} />
      <section className={profile.main} aria-label="Posts">
        {creator.posts.length === 0 ? (
          <EmptyState icon="📝" title="No posts yet">
            {creator.username} has not posted yet.
          </EmptyState>
        ) : (
          creator.posts.map((post) => (
            <PostCard key={post._id} post={post} own={false} unlockers={unlockers} />
          ))
        )}
      </section>
    </div>
  );
}
