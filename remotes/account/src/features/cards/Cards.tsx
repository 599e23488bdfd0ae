import { savedCardsResponse, type SavedCard } from '@cove/contracts';
import { errorMessage, requestState, useHost } from '@cove/runtime';
import { Button, ButtonLink, EmptyState, RequestView, RowList } from '@cove/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import styles from './Cards.module.css';

const cardsKey = ['saved-cards'];
const brandNames: Record<SavedCard['brand'], string> = { VISA: 'Visa', MASTER: 'Mastercard' };
const twoDigits = (n: number) => String(n).padStart(2, '0');
const expiry = (card: SavedCard) => `${twoDigits(card.exp_month)}/${twoDigits(card.exp_year % 100)}`;

/** `/account/cards`: the cards kept for paying, each removable after a confirmation. */
export function Cards() {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const headingId = useId();
  const cards = useQuery({
    queryKey: cardsKey,
    queryFn: ({ signal }) => api.get('/v1/cc', { schema: savedCardsResponse, signal }),
  });
  const remove = useMutation({
    mutationFn: (card: SavedCard) => api.send('DELETE', '/v1/cc', { body: { id: card.id } }),
    onSuccess: (_, card) => {
      client.setQueryData<{ data: SavedCard[] }>(cardsKey, (old) =>
        old ? { data: old.data.filter((c) => c.id !== card.id) } : old,
      );
      void client.invalidateQueries({ queryKey: cardsKey });
    },
  });

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
                  const name = `${brandNames[card.brand]} •••• ${card.last4}`;
                  const deleting = remove.isPending && remove.variables.id === card.id;
                  return (
                    <li key={card.id} className={styles.card} aria-label={name}>
                      <span className={styles.brand}>{brandNames[card.brand]}</span>
                      <span className={styles.number}>•••• {card.last4}</span>
                      <span className={styles.expiry}>Expires {expiry(card)}</span>
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
