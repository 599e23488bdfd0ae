import { discoverCardsResponse, followResponse, type DiscoverCard } from '@cove/contracts';
import { errorMessage, useHost, useSession } from '@cove/runtime';
import { Avatar, Button, ButtonLink } from '@cove/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styles from './Cards.module.css';

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

function Card({ card, onSkip }: { card: DiscoverCard; onSkip(): void }) {
  const { api } = useHost();
  const name = card.username ?? 'Creator';
  const path = `/v1/users/${encodeURIComponent(card._id)}/follow`;
  const follow = useMutation({
    mutationFn: () => api.patch(path, undefined, { schema: followResponse }),
  });
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

/**
 * The discover cards (male fans with the `discover_cards` feature): one suggested creator at a time.
 * A card shown is recorded as visited (`POST /v1/discover/cards/{id}/visited`), so it never comes
 * back; Skip moves to the next.
 */
export function DiscoverCards() {
  const { api } = useHost();
  const { user, config } = useSession();
  const eligible =
    user?.type === 'user' && user.gender === 'male' && config?.features.discover_cards === true;
  const cards = useQuery({
    queryKey: ['discover-cards'],
    queryFn: ({ signal }) => api.get('/v1/discover/cards', { schema: discoverCardsResponse, signal }),
    enabled: eligible,
    staleTime: Infinity,
  });
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const current = cards.data?.data.find((c) => !skipped.has(c._id));
  const visited = useRef(new Set<string>());
  const id = current?._id;
  useEffect(() => {
    if (!id || visited.current.has(id)) return;
    visited.current.add(id);
    // Best effort: a failed record only means the card may be offered again later.
    api.send('POST', `/v1/discover/cards/${encodeURIComponent(id)}/visited`).catch(() => undefined);
  }, [api, id]);

  if (!current) return null;
  return (
    <section className={styles.stack} aria-label="Suggested for you">
      <Card key={current._id} card={current} onSkip={() => setSkipped((s) => new Set(s).add(current._id))} />
    </section>
  );
}
