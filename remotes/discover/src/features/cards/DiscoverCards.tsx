import type { DiscoverCard } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { useState } from 'react';
import { useCardVisited } from './api/card-visited';
import { useDiscoverCards } from './api/discover-cards';
import { Card } from './components/Card';
import styles from './Cards.module.css';

/**
 * The suggested creators this person may see (male fans with the `discover_cards` feature), and
 * whether that is known yet: the list under the cards waits for it, so a card arriving late never
 * pushes the list down.
 */
export function useSuggestions(): { cards: DiscoverCard[]; settled: boolean } {
  const { user, config } = useSession();
  const eligible =
    user?.type === 'user' && user.gender === 'male' && config?.features.discover_cards === true;
  const cards = useDiscoverCards(eligible);
  return { cards: cards.data?.data ?? [], settled: !eligible || !cards.isPending };
}

/**
 * The discover cards: one suggested creator at a time. A card shown is recorded as visited
 * (`POST /v1/discover/cards/{id}/visited`), so it never comes back; Skip moves to the next.
 */
export function DiscoverCards({ cards }: { cards: DiscoverCard[] }) {
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const current = cards.find((c) => !skipped.has(c._id));
  useCardVisited(current?._id);

  if (!current) return null;
  return (
    <section className={styles.stack} aria-label="Suggested for you">
      <Card key={current._id} card={current} onSkip={() => setSkipped((s) => new Set(s).add(current._id))} />
    </section>
  );
}
