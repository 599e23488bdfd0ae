import type { BackTargetState, SavedCard } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import type { Offer } from '../model/outcome';
import { CardStep } from './CardStep';
import { CheckoutDone } from './CheckoutDone';
import { CryptoStep } from './CryptoStep';
import { PackageStep } from './PackageStep';
import { useCheckout } from './use-checkout';
import styles from '../GetCredits.module.css';

/** The package choice and the payment form, then what came of the payment. */
export function Checkout({
  offer,
  savedCards,
  target,
  defaultAmount,
}: {
  offer: Offer;
  savedCards: SavedCard[];
  target: BackTargetState | null;
  defaultAmount: number;
}) {
  const checkout = useCheckout(offer, savedCards, target, defaultAmount);
  const { pkg, busy, outcome, pay } = checkout;

  if (outcome?.kind === 'success' || outcome?.kind === 'pending') {
    return <CheckoutDone outcome={outcome} target={target} onMore={checkout.buyMore} />;
  }

  const price = pkg ? formatMoney(pkg.amount) : '';
  return (
    <form className={styles.form} onSubmit={checkout.submit} noValidate aria-label="Buy credits">
      <PackageStep offer={offer} chosen={pkg} onChoose={checkout.chooseAmount} disabled={busy} />
      <CardStep
        offer={offer}
        savedCards={savedCards}
        chosen={checkout.chosen}
        newCard={checkout.newCard}
        onSaved={checkout.chooseSaved}
        onNewCard={checkout.chooseNewCard}
        disabled={busy}
        fields={checkout.cardFields}
      />
      {checkout.payError && (
        <p className={kit.alert} role="alert">
          {checkout.payError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={pay.isPending || undefined}>
          {pay.isPending || outcome?.kind === 'redirect' ? 'Paying…' : `Pay ${price}`}
        </Button>
      </div>
      {offer.crypto && (
        <CryptoStep
          price={price}
          forPurchase={Boolean(checkout.context)}
          amount={pkg?.amount}
          disabled={busy}
          cryptoPay={checkout.cryptoPay}
        />
      )}
    </form>
  );
}
