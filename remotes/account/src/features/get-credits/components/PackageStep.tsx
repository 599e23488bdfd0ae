import { formatCredits, type CreditPackage } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { kit } from '@cove/ui';
import { useId } from 'react';
import type { Offer } from '../model/outcome';
import styles from '../GetCredits.module.css';

/** The packages on offer as a radio group, with the first-purchase bonus above them. */
export function PackageStep({
  offer,
  chosen,
  onChoose,
  disabled,
}: {
  offer: Offer;
  chosen: CreditPackage | undefined;
  onChoose(amount: number): void;
  disabled: boolean;
}) {
  const name = `${useId()}-package`;
  return (
    <fieldset className={kit.fieldset}>
      <legend className={kit.legend}>Choose a package</legend>
      {offer.first_purchase_bonus > 0 && (
        <p className={kit.hint}>
          First purchase: {formatCredits(offer.first_purchase_bonus)} extra on top of any package.
        </p>
      )}
      <div className={styles.packageList}>
        {offer.data.map((p) => (
          <label key={p.amount} className={`${kit.choice} ${styles.package}`}>
            <input
              type="radio"
              name={name}
              value={p.amount}
              checked={p.amount === chosen?.amount}
              onChange={() => onChoose(p.amount)}
              disabled={disabled}
            />
            <span className={styles.price}>{formatMoney(p.amount)}</span>
            <span className={styles.credits}>
              {p.amount.toLocaleString('en-US')} credits
              {p.bonus > 0 && (
                <span className={styles.bonus}>
                  {' '}
                  + {p.bonus} bonus, worth {formatMoney(p.bonus)}
                </span>
              )}
            </span>
            {p.popular && <span className={styles.popular}>Most popular</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
