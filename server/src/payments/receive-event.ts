import { isUuid } from '../ids';
import { type EventOutcome, applyProviderEvent } from './apply-event';
import { type FinishDeps, finishPaymentAction } from './finish-action';
import type { ProviderEvent } from './provider';

/**
 * Applies one provider event, then does a succeeded payment's action if it is still undone: the
 * unlock or tip happens where the payment changes state, for the webhook and the synchronous answer
 * alike, whichever of them applied the success (the other finds it applied, and the action done or
 * to do), and a redelivered event finishes what a crash left. Nothing that only reads a payment writes.
 */
export async function receiveProviderEvent(
  deps: FinishDeps,
  providerName: string,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const outcome = await applyProviderEvent(deps, providerName, event);
  if (isUuid(event.paymentId)) await finishPaymentAction(deps, event.paymentId);
  return outcome;
}
