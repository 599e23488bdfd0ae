import type { DiscoverCard } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Avatar, Button, ButtonLink } from '@cove/ui';
import { useFollowCreator } from '../api/follow-creator';
import styles from '../Cards.module.css';

/** How many of a card's feed posts it shows. */
const thumbnailCount = 3;

function Thumbnails({ card }: { card: DiscoverCard }) {
  const shots = card.profileFeed.filter((p) => p.media?.th).slice(0, thumbnailCount);
  if (shots.length === 0) return null;
  return (
    <ul className={styles.thumbs} aria-label="Recent posts">
      {shots.map((post) => (
        <li key={post._id}>
          <img className={styles.thumb} src={post.media?.th ?? ''} alt={post.text || 'Post'} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

/** One suggested creator: a few recent posts, Follow, View profile and Skip. */
export function Card({ card, onSkip }: { card: DiscoverCard; onSkip(): void }) {
  const name = card.username ?? 'Creator';
  const follow = useFollowCreator(card._id);
  const following = follow.data?.is_followee ?? card.is_followee;
  return (
    <article className={styles.card} aria-label={`Suggested creator ${name}`}>
      <div className={styles.who}>
        <Avatar name={name} url={card.avatar_url} size={64} />
        <h2 className={styles.name}>{name}</h2>
      </div>
      <Thumbnails card={card} />
      {follow.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(follow.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button disabled={following || follow.isPending} onClick={() => follow.mutate()}>
          {following ? 'Following' : 'Follow'}
        </Button>
        <ButtonLink to={`/creators/${encodeURIComponent(card._id)}`} variant="secondary">
          View profile
        </ButtonLink>
        <Button variant="ghost" onClick={onSkip}>
          Skip
        </Button>
      </div>
    </article>
  );
}
