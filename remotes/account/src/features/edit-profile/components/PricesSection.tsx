import { CHAT_RATE_MAX, SUBSCRIPTION_PRICE_MAX, creditsToDollars, dollarsToCredits } from '@cove/contracts';
import { errorMessage, formatMoney } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@cove/router';
import { useSaveProfile } from '../api/save-profile';
import styles from '../EditProfile.module.css';

/** A restricted creator takes no new subscribers (docs/rules.md, "Becoming a creator"). */
const subscriptionsGated = 'Fans can subscribe once your creator account is approved.';

/** Why a typed price cannot be saved, or null when it can. */
function problem(credits: number | null, max: number): string | null {
  if (credits === null) return 'Enter an amount in dollars, in steps of $0.10.';
  if (credits > max) return `The most is ${formatMoney(max)}.`;
  return null;
}

function PriceField({
  label,
  value,
  onChange,
  explain,
  error,
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  explain: string;
  error: string | null;
}) {
  const id = useId();
  const noteId = useId();
  return (
    <div className={kit.field}>
      <label htmlFor={id} className={styles.legend}>
        {label}
      </label>
      <div className={styles.money}>
        <span aria-hidden="true">$</span>
        <input
          id={id}
          className={kit.compactInput}
          inputMode="decimal"
          value={value}
          aria-invalid={error !== null}
          aria-describedby={noteId}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p id={noteId} className={error ? kit.error : kit.hint}>
        {error ?? explain}
      </p>
    </div>
  );
}

/**
 * The chat rate (per message) and the monthly subscription price, typed as money and saved as credits.
 * A restricted creator may set the price ahead of approval, and is told fans cannot subscribe yet.
 */
export function PricesSection({
  creditRate,
  subscriptionPrice,
  restricted,
}: {
  creditRate: number;
  subscriptionPrice: number;
  restricted: boolean;
}) {
  const [rate, setRate] = useState(creditsToDollars(creditRate));
  const [price, setPrice] = useState(creditsToDollars(subscriptionPrice));
  const [saved, setSaved] = useState({ credit_rate: creditRate, subscription_price: subscriptionPrice });
  const save = useSaveProfile();
  const rateCredits = dollarsToCredits(rate);
  const priceCredits = dollarsToCredits(price);
  const rateProblem = problem(rateCredits, CHAT_RATE_MAX);
  const priceProblem = problem(priceCredits, SUBSCRIPTION_PRICE_MAX);

  const changes: { credit_rate?: number; subscription_price?: number } = {};
  if (rateCredits !== null && rateCredits !== saved.credit_rate) changes.credit_rate = rateCredits;
  if (priceCredits !== null && priceCredits !== saved.subscription_price)
    changes.subscription_price = priceCredits;
  const ready = !rateProblem && !priceProblem && Object.keys(changes).length > 0 && !save.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready) save.mutate(changes, { onSuccess: () => setSaved((s) => ({ ...s, ...changes })) });
  }
  const edit = (set: (v: string) => void) => (v: string) => (set(v), save.reset());

  return (
    <form
      className={`${kit.panel} ${kit.roomy} ${styles.card}`}
      onSubmit={submit}
      noValidate
      aria-label="Prices"
    >
      <h3 className={styles.title}>Prices</h3>
      <PriceField
        label="Chat rate (per message)"
        value={rate}
        onChange={edit(setRate)}
        error={rateProblem}
        explain={
          rateCredits === 0
            ? 'Messages in new chats are free.'
            : `${formatMoney(rateCredits ?? 0)} for each message a fan sends in a new chat.`
        }
      />
      <PriceField
        label="Monthly subscription price"
        value={price}
        onChange={edit(setPrice)}
        error={priceProblem}
        explain={
          priceCredits !== 0
            ? `${formatMoney(priceCredits ?? 0)} a month. Set 0 to turn subscriptions off.`
            : saved.subscription_price > 0
              ? 'Subscriptions off. Saving cancels every renewal; subscribers keep access until their month ends.'
              : 'Subscriptions off'
        }
      />
      {saved.subscription_price > 0 && (
        <p className={kit.hint}>
          <Link to="/account/subscription-offers">Bundles, promotions and free-trial links</Link>
        </p>
      )}
      {restricted && (
        <p className={kit.notice} role="note">
          {subscriptionsGated}
        </p>
      )}
      {save.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className={styles.saved} role="status">
          Prices saved
        </p>
      )}
      <div>
        <Button type="submit" disabled={!ready}>
          {save.isPending ? 'Saving…' : 'Save prices'}
        </Button>
      </div>
    </form>
  );
}
