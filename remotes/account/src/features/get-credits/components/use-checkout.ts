import type { BackTargetState, SavedCard } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { useRef, useState, type FormEvent } from 'react';
import { useCryptoTopUp } from '../api/crypto-top-up';
import { usePay } from '../api/pay';
import { browser, checkCard, type CardInput } from '../model/card';
import type { Offer, Outcome } from '../model/outcome';
import type { CardFieldRefs } from './CardFields';

const NEW_CARD = 'new';
const emptyCard: CardInput = { number: '', expiry: '', cvc: '' };

/** The checkout's state: the package and card chosen, the new card typed, and what came of paying. */
export function useCheckout(
  offer: Offer,
  savedCards: SavedCard[],
  target: BackTargetState | null,
  defaultAmount: number,
) {
  // "Try again" after a failed payment comes back with the package and card it was made with.
  const retry = target?.retry;
  const [amount, setAmount] = useState(retry?.amount ?? defaultAmount);
  const [method, setMethod] = useState<string | null>(retry ? (retry.card_id ?? NEW_CARD) : null);
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [saveCard, setSaveCard] = useState(false);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Exclude<Outcome, { kind: 'failed' }> | null>(null);
  const [failed, setFailed] = useState(false);
  const refs: CardFieldRefs = { number: useRef(null), expiry: useRef(null), cvc: useRef(null) };
  const context = target?.purchase;

  const pay = usePay(offer, context, (result) => {
    if (result.kind === 'failed') return setFailed(true);
    setOutcome(result);
    if (result.kind === 'redirect') browser.assign(result.url);
  });
  const cryptoPay = useCryptoTopUp();

  const pkg = offer.data.find((p) => p.amount === amount) ?? offer.data[0];
  const chosen = method ?? savedCards[0]?.id ?? NEW_CARD;
  const newCard = chosen === NEW_CARD || !savedCards.some((c) => c.id === chosen);
  const errors = newCard ? checkCard(card) : {};
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

  return {
    context,
    pkg,
    chosen,
    newCard,
    busy,
    outcome,
    pay,
    cryptoPay,
    submit,
    chooseAmount: setAmount,
    chooseSaved: (id: string) => setMethod(id),
    chooseNewCard: () => setMethod(NEW_CARD),
    cardFields: {
      card,
      errors: tried ? errors : {},
      onChange: setCard,
      refs,
      saveCard,
      onSaveCard: setSaveCard,
    },
    payError: failed
      ? 'The payment did not go through. Try another card.'
      : pay.error && errorMessage(pay.error),
    buyMore: () => {
      setOutcome(null);
      setCard(emptyCard);
      setTried(false);
      pay.reset();
    },
  };
}
