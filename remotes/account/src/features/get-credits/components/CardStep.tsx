import type { SavedCard } from '@cove/contracts';
import { kit } from '@cove/ui';
import { useId, type ComponentProps } from 'react';
import { brandNames, cardExpiry } from '../../../common/card-labels';
import type { Offer } from '../model/outcome';
import { CardFields } from './CardFields';
import styles from '../GetCredits.module.css';

/** The saved cards and "A new card" to choose from, and the new card's fields when it is the one. */
export function CardStep({
  offer,
  savedCards,
  chosen,
  newCard,
  onSaved,
  onNewCard,
  disabled,
  fields,
}: {
  offer: Offer;
  savedCards: SavedCard[];
  chosen: string;
  newCard: boolean;
  onSaved(id: string): void;
  onNewCard(): void;
  disabled: boolean;
  fields: Omit<ComponentProps<typeof CardFields>, 'provider'>;
}) {
  const name = `${useId()}-card`;
  return (
    <fieldset className={kit.fieldset}>
      <legend className={kit.legend}>Pay by card</legend>
      {savedCards.length > 0 && (
        <div className={styles.methodList}>
          {savedCards.map((c) => (
            <label key={c.id} className={`${kit.choice} ${kit.choiceLine}`}>
              <input
                type="radio"
                name={name}
                checked={chosen === c.id}
                onChange={() => onSaved(c.id)}
                disabled={disabled}
              />
              {brandNames[c.brand]} •••• {c.last4}, expires {cardExpiry(c)}
            </label>
          ))}
          <label className={`${kit.choice} ${kit.choiceLine}`}>
            <input type="radio" name={name} checked={newCard} onChange={onNewCard} disabled={disabled} />A new
            card
          </label>
        </div>
      )}
      {newCard && <CardFields {...fields} provider={offer.provider} />}
    </fieldset>
  );
}
