import { type EventOutcome, applyProviderEvent } from './apply-event';
import { type FinishDeps, finishPaymentAction } from './finish-action';
import type { ProviderEvent } from './provider';

/**
 * Applies one provider event and, where it leaves a succeeded payment's action undone, does that
 * action now: the unlock or tip happens where the payment changes state, for the webhook and the
 * synchronous answer alike, and a redelivered event finishes what a crash left. Nothing that only
 * reads a payment writes.
 */
export async function receiveProviderEvent(
  deps: FinishDeps,
  providerName: string,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const outcome = await applyProviderEvent(deps, providerName, event);
  if (outcome !== 'ignored') await finishPaymentAction(deps, event.paymentId);
  return outcome;
}
