import { type BackTargetState, paymentReturn, type PaymentReturn } from '@cove/contracts';

/**
 * The way back to where the fan started, labelled for what they were doing; none when they started
 * here (a "Try again" for credits alone).
 */
export function backLink(target: BackTargetState | null): PaymentReturn | null {
  if (!target || target.backTo === paymentReturn(undefined).to) return null;
  return { to: target.backTo, label: paymentReturn(target.purchase).label };
}
