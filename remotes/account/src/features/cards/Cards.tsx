import type { SavedCard } from '@cove/contracts';
import { errorMessage, requestState, useHost } from '@cove/runtime';
import { Button, ButtonLink, EmptyState, RequestView, RowList } from '@cove/ui';
import { useId } from 'react';
import { brandNames, cardExpiry, cardName } from '../../common/card-labels';
import { useSavedCards } from '../../common/saved-cards';
import { useDeleteCard } from './api/delete-card';
import styles from './Cards.module.css';

/** `/account/cards`: the cards kept for paying, each removable after a confirmation. */
export function Cards() {
  const { popups } = useHost();
  const headingId = useId();
  const cards = useSavedCards();
  const remove = useDeleteCard();

  async function askToDelete(card: SavedCard) {
    const { outcome } = popups.open({ kind: 'confirm-delete-media', target: 'card' });
    if ((await outcome).action === 'confirm') remove.mutate(card);
  }

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Saved cards
      </h2>
      <RequestView state={requestState(cards)} retry={() => void cards.refetch()}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState
              icon="💳"
              title="No saved cards"
              actions={<ButtonLink to="/account/get-credits">Get credits</ButtonLink>}
            >
              Tick “Save this card” when you buy credits to pay faster next time.
            </EmptyState>
          ) : (
            <>
              {remove.error && (
                <p className={styles.alert} role="alert">
                  {errorMessage(remove.error)}
                </p>
              )}
              <RowList label="Saved cards">
                {data.map((card) => {
                  const name = cardName(card);
                  const deleting = remove.isPending && remove.variables.id === card.id;
                  return (
                    <li key={card.id} className={styles.card} aria-label={name}>
                      <span className={styles.brand}>{brandNames[card.brand]}</span>
                      <span className={styles.number}>•••• {card.last4}</span>
                      <span className={styles.expiry}>Expires {cardExpiry(card)}</span>
                      <Button
                        variant="danger"
                        aria-label={`Delete ${name}`}
                        disabled={deleting}
                        onClick={() => void askToDelete(card)}
                      >
                        {deleting ? 'Deleting…' : 'Delete'}
                      </Button>
                    </li>
                  );
                })}
              </RowList>
            </>
          )
        }
      </RequestView>
    </section>
  );
}
