import type { DiscoverProfile } from '@cove/contracts';
import { formatMoney, recentlyOnline } from '@cove/runtime';
import { Link } from '@cove/router';
import styles from '../Discover.module.css';

/** How much of a bio a card shows; the profile has the rest. */
const bioExcerptLength = 90;

function bioExcerpt(bio: string): string {
  const text = bio.trim().replace(/\s+/g, ' ');
  return text.length <= bioExcerptLength ? text : `${text.slice(0, bioExcerptLength - 1).trimEnd()}…`;
}

/** Up to two initials: the first letters of the name's parts (`maya_rose` is MR), else its first letter. */
function initials(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters =
    parts.length > 1
      ? parts
          .slice(0, 2)
          .map((p) => p[0])
          .join('')
      : name.slice(0, 1);
  return letters.toUpperCase();
}

function Presence({ profile }: { profile: DiscoverProfile }) {
  if (profile.is_online) return <span className={styles.online} role="img" aria-label="Online" />;
  if (recentlyOnline(profile.last_online)) {
    return <span className={styles.recent} role="img" aria-label="Recently online" />;
  }
  return null;
}

/**
 * One creator in the discover grid: photo, name, presence, prices, bio and whether the viewer follows.
 * The cards of the first screen load their photos at once and first: one of them is the page's
 * largest paint, which a lazy image would hold back until layout.
 */
export function CreatorCard({
  profile,
  firstScreen = false,
}: {
  profile: DiscoverProfile;
  firstScreen?: boolean;
}) {
  const name = profile.username ?? 'Creator';
  const bio = bioExcerpt(profile.bio);
  return (
    <li>
      <Link to={`/creators/${encodeURIComponent(profile._id)}`} className={styles.card}>
        <span className={styles.media}>
          {profile.avatar_url ? (
            <img
              className={styles.photo}
              src={profile.avatar_url}
              alt=""
              loading={firstScreen ? 'eager' : 'lazy'}
              fetchPriority={firstScreen ? 'high' : 'auto'}
            />
          ) : (
            <span className={styles.photo} aria-hidden="true">
              {initials(name)}
            </span>
          )}
          {profile.is_followee && <span className={styles.badge}>Following</span>}
        </span>
        <span className={styles.body}>
          <span className={styles.caption}>
            <Presence profile={profile} />
            <span className={styles.name}>{name}</span>
          </span>
          <span className={styles.price}>
            {profile.credit_rate > 0 ? `${formatMoney(profile.credit_rate)} / message` : 'Free messages'}
            {profile.subscription_price > 0 && ` · ${formatMoney(profile.subscription_price)} / month`}
          </span>
          {bio && <span className={styles.bio}>{bio}</span>}
        </span>
      </Link>
    </li>
  );
}
