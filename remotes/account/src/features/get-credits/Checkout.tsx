import {
  type creditPackagesResponse,
  cryptoTopUpResponse,
  paymentResponse,
  type BackTargetState,
  type CreditPackage,
  type PaymentBody,
  type SavedCard,
} from '@cove/contracts';
import { errorMessage, formatMoney, isApiError, useHost } from '@cove/runtime';
import { Button, ButtonLink, kit } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { browser, browserInfo, checkCard, digitsOnly, parseExpiry, returnUrls, type CardInput } from './card';
import { CardFields, type CardFieldRefs } from './CardFields';
import { tokenizeCard } from './tokenize';
import styles from './GetCredits.module.css';

type Offer = ReturnType<typeof creditPackagesResponse.parse>;

/** One try at paying: its idempotency key, kept (with the card's token) while a network error is retried. */
interface Attempt {
  signature: string;
  key: string;
  token?: string;
}

type Outcome =
  { kind: 'success'; added: number; balance: number | null } | { kind: 'pending' } | { kind: 'redirect' };

const NEW_CARD = 'new';
const emptyCard: CardInput = { number: '', expiry: '', cvc: '' };
const isNetworkError = (err: unknown) => isApiError(err) && err.status === 0 && err.code === 'network';
const twoDigits = (n: number) => String(n).padStart(2, '0');
const brandName = (card: SavedCard) => (card.brand === 'VISA' ? 'Visa' : 'Mastercard');

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
  const host = useHost();
  const client = useQueryClient();
  const ids = useId();
  const [amount, setAmount] = useState(defaultAmount);
  const [method, setMethod] = useState<string | null>(null);
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [saveCard, setSaveCard] = useState(false);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failed, setFailed] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const cryptoAttempt = useRef<Attempt | null>(null);
  const refs: CardFieldRefs = { number: useRef(null), expiry: useRef(null), cvc: useRef(null) };

  const pkg = offer.data.find((p) => p.amount === amount) ?? offer.data[0];
  const chosen = method ?? savedCards[0]?.id ?? NEW_CARD;
  const newCard = chosen === NEW_CARD || !savedCards.some((c) => c.id === chosen);
  const errors = newCard ? checkCard(card) : {};
  const context = target?.purchase;

  const pay = useMutation({
    mutationFn: async (vars: {
      pkg: CreditPackage;
      cardId: string | null;
      card: CardInput;
      save: boolean;
    }) => {
      const signature = JSON.stringify([vars.pkg.amount, vars.cardId, vars.card, vars.save, context]);
      const current: Attempt =
        attempt.current?.signature === signature ? attempt.current : { signature, key: crypto.randomUUID() };
      attempt.current = current;
      try {
        if (!vars.cardId && !current.token) {
          const expiry = parseExpiry(vars.card.expiry);
          const token = await tokenizeCard(offer.provider.tokenize_url, {
            number: digitsOnly(vars.card.number),
            exp_month: expiry?.month ?? 0,
            exp_year: expiry?.year ?? 0,
            cvc: vars.card.cvc,
          });
          current.token = token.token;
        }
        const body: PaymentBody = {
          amount: vars.pkg.amount,
          model_id: context?.model_id,
          chat_id: context?.chat_id,
          message_id: context?.message_id,
          tip: context?.tip,
          ...returnUrls(vars.pkg.amount, context),
          browser_info: browserInfo(),
          ...(vars.cardId ? { card_id: vars.cardId } : { card_token: current.token }),
          save_card: vars.cardId ? false : vars.save,
          idempotency_key: current.key,
        };
        const answer = await host.api.post('/v1/payment', body, { schema: paymentResponse });
        attempt.current = null;
        return answer;
      } catch (err) {
        // Only a call that may not have arrived is retried as the same attempt.
        if (!isNetworkError(err)) attempt.current = null;
        throw err;
      }
    },
    onSuccess: (answer, vars) => {
      if (answer.three_ds && answer.redirect_url) {
        setOutcome({ kind: 'redirect' });
        browser.assign(answer.redirect_url);
        return;
      }
      if (answer.result === 'failed') {
        setFailed(true);
        return;
      }
      if (answer.result === 'pending') {
        setOutcome({ kind: 'pending' });
        return;
      }
      setOutcome({
        kind: 'success',
        added: vars.pkg.amount + vars.pkg.bonus + offer.first_purchase_bonus,
        balance: answer.credits,
      });
      host.account.reload().catch(() => undefined);
      void client.invalidateQueries({ queryKey: ['credit-packages'] });
      if (vars.save) void client.invalidateQueries({ queryKey: ['saved-cards'] });
    },
  });

  const cryptoPay = useMutation({
    mutationFn: async (amountToPay: number) => {
      const signature = String(amountToPay);
      const current: Attempt =
        cryptoAttempt.current?.signature === signature
          ? cryptoAttempt.current
          : { signature, key: crypto.randomUUID() };
      cryptoAttempt.current = current;
      try {
        return await host.api.post(
          '/v1/payment/crypto',
          { amount: amountToPay, idempotency_key: current.key },
          { schema: cryptoTopUpResponse },
        );
      } catch (err) {
        if (!isNetworkError(err)) cryptoAttempt.current = null;
        throw err;
      }
    },
    onSuccess: (answer) => {
      cryptoAttempt.current = null;
      browser.assign(answer.redirect_url);
    },
  });

  const busy = pay.isPending || cryptoPay.isPending || outcome?.kind === 'redirect';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !pkg) return;
    setTried(true);
    setFailed(false);
    if (newCard) {
      const first = (['number', 'expiry', 'cvc'] as const).find((name) => errors[name]);
      if (first) {
        refs[first].current?.focus();
        return;
      }
    }
    pay.mutate({ pkg, cardId: newCard ? null : chosen, card, save: saveCard });
  }

  if (outcome?.kind === 'success' || outcome?.kind === 'pending') {
    return (
      <div className={styles.done} role="status">
        {outcome.kind === 'success' ? (
          <>
            <h3 className={styles.doneTitle}>Payment complete — {outcome.added} credits added</h3>
            {outcome.balance !== null && <p>Your balance is now {formatMoney(outcome.balance)}.</p>}
            {context?.message_id && <p>The message unlocks in the chat.</p>}
            {!context?.message_id && context?.tip && <p>Your tip of {formatMoney(context.tip)} is sent.</p>}
          </>
        ) : (
          <>
            <h3 className={styles.doneTitle}>Payment in progress</h3>
            <p>Your credits are added as soon as the payment goes through.</p>
          </>
        )}
        <div className={styles.actions}>
          {target && <ButtonLink to={target.backTo}>Back to the chat</ButtonLink>}
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setCard(emptyCard);
              setTried(false);
              pay.reset();
            }}
          >
            Buy more credits
          </Button>
        </div>
      </div>
    );
  }

  const payError = failed
    ? 'The payment did not go through. Try another card.'
    : pay.error && errorMessage(pay.error);
  const price = pkg ? formatMoney(pkg.amount) : '';

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Buy credits">
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Choose a package</legend>
        {offer.first_purchase_bonus > 0 && (
          <p className={kit.hint}>
            First purchase: {offer.first_purchase_bonus} bonus credits on top of any package.
          </p>
        )}
        <div className={styles.packageList}>
          {offer.data.map((p) => (
            <label key={p.amount} className={`${kit.choice} ${styles.package}`}>
              <input
                type="radio"
                name={`${ids}-package`}
                value={p.amount}
                checked={p.amount === pkg?.amount}
                onChange={() => setAmount(p.amount)}
                disabled={busy}
              />
              <span className={styles.price}>{formatMoney(p.amount)}</span>
              <span className={styles.credits}>
                {p.amount} credits{p.bonus > 0 && <span className={styles.bonus}> + {p.bonus} bonus</span>}
              </span>
              {p.popular && <span className={styles.popular}>Most popular</span>}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Pay by card</legend>
        {savedCards.length > 0 && (
          <div className={styles.methodList}>
            {savedCards.map((c) => (
              <label key={c.id} className={styles.choice}>
                <input
                  type="radio"
                  name={`${ids}-card`}
                  checked={chosen === c.id}
                  onChange={() => setMethod(c.id)}
                  disabled={busy}
                />
                {brandName(c)} •••• {c.last4}, expires {twoDigits(c.exp_month)}/{twoDigits(c.exp_year % 100)}
              </label>
            ))}
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-card`}
                checked={newCard}
                onChange={() => setMethod(NEW_CARD)}
                disabled={busy}
              />
              A new card
            </label>
          </div>
        )}
        {newCard && (
          <CardFields
            card={card}
            errors={tried ? errors : {}}
            onChange={setCard}
            refs={refs}
            saveCard={saveCard}
            onSaveCard={setSaveCard}
            provider={offer.provider}
          />
        )}
      </fieldset>

      {payError && (
        <p className={kit.alert} role="alert">
          {payError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={pay.isPending || undefined}>
          {pay.isPending || outcome?.kind === 'redirect' ? 'Paying…' : `Pay ${price}`}
        </Button>
      </div>

      {offer.crypto && (
        <div className={styles.crypto}>
          <p className={kit.hint}>
            Or pay {price} in crypto on the provider&apos;s page.
            {context && ' Crypto adds the credits only: unlock or tip again in the chat afterwards.'}
          </p>
          <Button
            variant="secondary"
            disabled={busy || !pkg}
            onClick={() => pkg && cryptoPay.mutate(pkg.amount)}
          >
            {cryptoPay.isPending ? 'Opening…' : 'Pay with crypto'}
          </Button>
          {cryptoPay.error && (
            <p className={kit.alert} role="alert">
              {errorMessage(cryptoPay.error)}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
