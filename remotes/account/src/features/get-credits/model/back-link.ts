import { type BackTargetState, paymentReturn, type PaymentReturn } from '@cove/contracts';

/**
 * The way back to where the fan started, labelled for what they were doing; none when they started
 * here (a "Try again" for credits alone).
 */
export function backLink(target: BackTargetState | null): PaymentReturn | null {
  if (!target || target.backTo === paymentReturn(undefined).to) return null;
  // A page that sent the fan here without saying what they were doing is only somewhere to go back to.
  const label = target.purchase?.model_id ? paymentReturn(target.purchase).label : 'Go back';
  return { to: target.backTo, label };
}
