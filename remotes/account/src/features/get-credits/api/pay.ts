import { paymentResponse, type CreditPackage, type PaymentBody, type PaymentContext } from '@cove/contracts';
import { useAttempt, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedCardsKey } from '../../../common/saved-cards';
import { browserInfo, digitsOnly, parseExpiry, returnUrls, type CardInput } from '../model/card';
import { outcomeOf, type Offer, type Outcome } from '../model/outcome';
import { creditPackagesKey } from './credit-packages';
import { tokenizeCard } from './tokenize-card';

/** What the fan chose to pay with: a package, and a saved card (its id) or a new one (`card`, `save`). */
export interface PayChoice {
  pkg: CreditPackage;
  cardId: string | null;
  card: CardInput;
  save: boolean;
}

/**
 * `POST /v1/payment` for a package, carrying what the fan was doing (`context`) so the server finishes
 * it. A new card goes to the processor first for its token; a retry after a network error sends the
 * same idempotency key and token. `onOutcome` hears how it ended.
 */
export function usePay(
  offer: Offer,
  context: PaymentContext | undefined,
  onOutcome: (outcome: Outcome) => void,
) {
  const { api, account } = useHost();
  const client = useQueryClient();
  const run = useAttempt();
  return useMutation({
    mutationFn: (vars: PayChoice) =>
      run(JSON.stringify([vars.pkg.amount, vars.cardId, vars.card, vars.save, context]), async (current) => {
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
          feed_id: context?.feed_id,
          tip: context?.tip,
          subscribe: context?.subscribe,
          tip_post: context?.tip_post,
          ...returnUrls(vars.pkg.amount, context),
          browser_info: browserInfo(),
          ...(vars.cardId ? { card_id: vars.cardId } : { card_token: current.token }),
          save_card: vars.cardId ? false : vars.save,
          idempotency_key: current.key,
        };
        return api.post('/v1/payment', body, { schema: paymentResponse });
      }),
    onSuccess: (answer, vars) => {
      const outcome = outcomeOf(answer, vars.pkg, offer);
      onOutcome(outcome);
      if (outcome.kind !== 'success') return;
      account.reload().catch(() => undefined);
      void client.invalidateQueries({ queryKey: creditPackagesKey });
      if (vars.save) void client.invalidateQueries({ queryKey: savedCardsKey });
    },
  });
}
