import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import type { useCryptoTopUp } from '../api/crypto-top-up';
import styles from '../GetCredits.module.css';

/** Paying the package in crypto on the provider's page instead, which adds the credits only. */
export function CryptoStep({
  price,
  forPurchase,
  amount,
  disabled,
  cryptoPay,
}: {
  price: string;
  /** The visit came to finish an unlock or a tip, which crypto does not do. */
  forPurchase: boolean;
  amount: number | undefined;
  disabled: boolean;
  cryptoPay: ReturnType<typeof useCryptoTopUp>;
}) {
  return (
    <div className={styles.crypto}>
      <p className={kit.hint}>
        Or pay {price} in crypto on the provider&apos;s page.
        {forPurchase && ' Crypto adds the credits only: unlock or tip again in the chat afterwards.'}
      </p>
      <Button
        variant="secondary"
        disabled={disabled || amount === undefined}
        onClick={() => amount !== undefined && cryptoPay.mutate(amount)}
      >
        {cryptoPay.isPending ? 'Opening…' : 'Pay with crypto'}
      </Button>
      {cryptoPay.error && (
        <p className={kit.alert} role="alert">
          {errorMessage(cryptoPay.error)}
        </p>
      )}
    </div>
  );
}
