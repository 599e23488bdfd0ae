import type { CardFormProvider } from '@cove/contracts';
import { Button, kit } from '@cove/ui';
import { useId, type RefObject } from 'react';
import { brandNames } from '../../../common/card-labels';
import {
  cardBrand,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  type CardErrors,
  type CardInput,
} from '../model/card';
import styles from '../GetCredits.module.css';

export type CardFieldRefs = Record<keyof CardInput, RefObject<HTMLInputElement | null>>;

/** A new card: number (grouped by 4, brand shown), expiry MM/YY and CVC, each with its error below it. */
export function CardFields({
  card,
  errors,
  onChange,
  refs,
  saveCard,
  onSaveCard,
  provider,
}: {
  card: CardInput;
  /** Shown only once the person tried to pay. */
  errors: CardErrors;
  onChange(card: CardInput): void;
  refs: CardFieldRefs;
  saveCard: boolean;
  onSaveCard(save: boolean): void;
  provider: CardFormProvider;
}) {
  const id = useId();
  const brand = cardBrand(card.number);
  // Every card input is a line of digits (and separators) with its label and error wired to it.
  const field = (name: keyof CardInput) => ({
    id: `${id}-${name}`,
    className: styles.input,
    type: 'text',
    inputMode: 'numeric' as const,
    ref: refs[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof CardInput) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className={kit.fieldError}>
        {errors[name]}
      </p>
    );

  return (
    <div className={`${kit.panel} ${styles.cardFields}`}>
      <div className={`${kit.field} ${styles.field}`}>
        <label htmlFor={`${id}-number`}>Card number</label>
        <div className={styles.numberRow}>
          <input
            {...field('number')}
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            value={card.number}
            onChange={(e) => onChange({ ...card, number: formatCardNumber(e.target.value) })}
          />
          <span className={styles.brand} aria-live="polite">
            {brand ? brandNames[brand] : ''}
          </span>
        </div>
        {error('number')}
      </div>
      <div className={styles.pair}>
        <div className={`${kit.field} ${styles.field}`}>
          <label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</label>
          <input
            {...field('expiry')}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={card.expiry}
            onChange={(e) => {
              const typed = e.target.value;
              // Deleting the slash deletes it; typing adds it after the month.
              const value = typed.length < card.expiry.length ? typed : formatExpiry(typed);
              onChange({ ...card, expiry: value });
            }}
          />
          {error('expiry')}
        </div>
        <div className={`${kit.field} ${styles.field}`}>
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input
            {...field('cvc')}
            autoComplete="cc-csc"
            maxLength={3}
            value={card.cvc}
            onChange={(e) => onChange({ ...card, cvc: digitsOnly(e.target.value).slice(0, 3) })}
          />
          {error('cvc')}
        </div>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={saveCard} onChange={(e) => onSaveCard(e.target.checked)} />
        Save this card
      </label>
      {provider.test_cards.length > 0 && (
        <details className={styles.testCards}>
          <summary>Test cards</summary>
          <ul>
            {provider.test_cards.map((c) => (
              <li key={c.number}>
                <code>{formatCardNumber(c.number)}</code>
                <span>{c.outcome}</span>
                <Button
                  variant="ghost"
                  aria-label={`Use ${formatCardNumber(c.number)}`}
                  onClick={() => onChange({ ...card, number: formatCardNumber(c.number) })}
                >
                  Use
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
