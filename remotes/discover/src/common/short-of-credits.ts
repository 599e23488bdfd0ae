import { type PaymentContext, paymentReturn } from '@cove/contracts';
import { errorMessage, isApiError, useHost } from '@cove/runtime';

/** Whether a purchase failed for want of credits, which the not-enough-credits popup says. */
export const isShortOfCredits = (err: unknown) => isApiError(err) && err.code === 'not_enough_credits';

/**
 * What a purchase on a profile does when the fan is short of credits: the balance is read again, and
 * the popup leads to buying them and back to where the fan was, carrying what they were buying (`intent`:
 * a post, a subscription) so the payment that buys the credits finishes it.
 */
export function useShortOfCredits(creatorId: string, intent: Omit<PaymentContext, 'model_id'> = {}) {
  const { account, popups } = useHost();
  // `asked`: what this attempt was for, when it differs per attempt (a tip's amount and message).
  return (err: unknown, asked: Omit<PaymentContext, 'model_id'> = intent) => {
    if (!isShortOfCredits(err)) return;
    void account.reload();
    const purchase: PaymentContext = { model_id: creatorId, ...asked };
    popups.open({
      kind: 'not-enough-credits',
      message: errorMessage(err),
      backTo: paymentReturn(purchase).to,
      purchase,
    });
  };
}
