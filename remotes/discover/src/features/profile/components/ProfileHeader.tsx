import { errorText, type Profile } from '@cove/contracts';
import { errorMessage, formatDate, formatMoney, isApiError, recentlyOnline } from '@cove/runtime';
import { Avatar, Button, ButtonLink } from '@cove/ui';
import type { ReactNode } from 'react';
import { useFollow } from '../api/follow';
import { useStartChat } from '../api/start-chat';
import { useSubscribe } from '../../../common/subscribe';
import styles from '../Profile.module.css';
import { monthButtonText, PromotionNote, splitOptions, SubscribeOptions } from './SubscribeOptions';

/** What the top of a profile shows: a signed-in viewer's profile, or a public page's creator. */
export type ProfileBasics = Pick<
  Profile,
  'username' | 'avatar_url' | 'cover_url' | 'bio' | 'tags' | 'counts' | 'credit_rate' | 'subscription_price'
> &
  Partial<Pick<Profile, 'is_online' | 'last_online'>>;

function presence(profile: ProfileBasics): string | null {
  if (profile.is_online) return 'Online now';
  return recentlyOnline(profile.last_online ?? null) ? 'Recently online' : null;
}

/** What the viewer's subscription says, or null when there is none. */
function subscriptionText(sub: Profile['subscription']): string | null {
  if (!sub) return null;
  const until = formatDate(sub.expires_at);
  return sub.status === 'active' ? `Subscribed until ${until}` : `Subscription ends ${until}`;
}

function Counts({ counts }: { counts: Profile['counts'] }) {
  const rows: [string, number][] = [
    ['Followers', counts.followers],
    ['Posts', counts.posts],
    ['Photos', counts.photos],
    ['Videos', counts.videos],
  ];
  return (
    <dl className={styles.counts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.count}>
          <dt>{label}</dt>
          <dd>{value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Follow, Subscribe and Message, for anyone but the creator. */
function FanActions({ profile }: { profile: Profile }) {
  const follow = useFollow(profile._id);
  const subscribe = useSubscribe(profile._id);
  const message = useStartChat(profile);
  const subscribed = subscriptionText(profile.subscription);
  const canSubscribe =
    profile.subscription_price > 0 && profile.subscription?.status !== 'active' && !profile.restricted;
  const { month, bundles } = splitOptions(profile.subscribe_options);
  const subscribeError =
    subscribe.isError && !(isApiError(subscribe.error) && subscribe.error.code === 'not_enough_credits')
      ? errorMessage(subscribe.error)
      : null;
  const error =
    (follow.isError ? errorMessage(follow.error) : null) ?? subscribeError ?? message.error ?? null;
  return (
    <>
      <div className={styles.actions}>
        <Button
          variant={profile.is_followee ? 'secondary' : 'primary'}
          onClick={() => follow.mutate(!profile.is_followee)}
        >
          {profile.is_followee ? 'Unfollow' : 'Follow'}
        </Button>
        {canSubscribe && (
          <Button
            disabled={subscribe.isPending}
            onClick={() => void subscribe.confirmAndSubscribe(month ?? undefined)}
          >
            {subscribe.isPending ? 'Subscribing…' : monthButtonText(month, profile.subscription_price)}
          </Button>
        )}
        <Button variant="secondary" disabled={message.pending} onClick={message.open}>
          Message
        </Button>
      </div>
      {canSubscribe && <PromotionNote month={month} monthly={profile.subscription_price} />}
      {canSubscribe && bundles.length > 0 && (
        <SubscribeOptions
          options={bundles}
          monthly={profile.subscription_price}
          disabled={subscribe.isPending}
          onChoose={(option) => void subscribe.confirmAndSubscribe(option)}
        />
      )}
      {profile.restricted && profile.subscription?.status !== 'active' && (
        <p className={styles.unavailable} role="status">
          {errorText('creator_unavailable')}
        </p>
      )}
      {subscribed && (
        <p className={styles.subscribed} role="status">
          {subscribed}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The creator's own Edit profile, or everyone else's Follow, Subscribe and Message. */
export function ProfileActions({ profile, own }: { profile: Profile; own: boolean }) {
  return own ? (
    <div className={styles.actions}>
      <ButtonLink to="/account/edit-profile" variant="secondary">
        Edit profile
      </ButtonLink>
    </div>
  ) : (
    <FanActions profile={profile} />
  );
}

/** The top of a profile: cover, avatar, name, presence, bio, tags, counts, prices and `actions`. */
export function ProfileHeader({ profile, actions }: { profile: ProfileBasics; actions: ReactNode }) {
  const name = profile.username ?? 'Creator';
  const online = presence(profile);
  return (
    <section className={styles.header} aria-label="About">
      <div className={styles.cover}>
        {profile.cover_url && <img className={styles.coverImage} src={profile.cover_url} alt="" />}
      </div>
      <div className={styles.identity}>
        <span className={styles.avatar}>
          <Avatar name={name} url={profile.avatar_url} online={profile.is_online} size={96} />
        </span>
        <div className={styles.who}>
          <p className={styles.name}>{name}</p>
          {online && <p className={styles.presence}>{online}</p>}
        </div>
      </div>
      {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
      {profile.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {profile.tags.map((t) => (
            <li key={t}>#{t}</li>
          ))}
        </ul>
      )}
      <Counts counts={profile.counts} />
      <p className={styles.prices}>
        {profile.credit_rate > 0 ? `${formatMoney(profile.credit_rate)} per message` : 'Free messages'}
        {profile.subscription_price > 0 && ` · ${formatMoney(profile.subscription_price)} per month`}
      </p>
      {actions}
    </section>
  );
}
