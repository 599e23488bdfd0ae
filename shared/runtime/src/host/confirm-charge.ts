import type { PopupController, PopupOf } from '@cove/contracts';

/**
 * Asks the person to confirm a charge on the shell's confirm sheet; true only when they confirmed.
 * The sheet never charges: the caller makes the charge on the server, with its idempotency key.
 */
export async function confirmCharge(
  popups: PopupController,
  sheet: Omit<PopupOf<'confirm-charge'>, 'kind'>,
): Promise<boolean> {
  const { outcome } = popups.open({ kind: 'confirm-charge', ...sheet });
  return (await outcome).action === 'confirm';
}
