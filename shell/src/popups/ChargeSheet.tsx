import type { BackTargetState, PopupOf, PopupOutcome } from '@cove/contracts';
import { useStore } from '@cove/runtime';
import { ConfirmCharge } from '@cove/ui';
import { useShell } from '../services/shell-context';

/**
 * The confirm-charge popup: the shared sheet with the live balance. Confirming only answers the
 * opener, which makes the charge on the server; short of credits, it leads to buying them with what
 * was being bought, as the not-enough-credits popup does.
 */
export function ChargeSheet({
  spec,
  opener,
  onFinish,
}: {
  spec: PopupOf<'confirm-charge'>;
  opener: HTMLElement | null;
  onFinish(outcome: PopupOutcome): void;
}) {
  const { host } = useShell();
  const { credits } = useStore(host.session);
  return (
    <ConfirmCharge
      charge={spec.charge}
      balance={credits}
      opener={opener}
      onConfirm={() => onFinish({ action: 'confirm' })}
      onCancel={() => onFinish({ action: 'dismiss' })}
      onGetCredits={() => {
        onFinish({ action: 'secondary' });
        if (!spec.backTo) return void host.navigate('/account/get-credits');
        const state: BackTargetState = { backTo: spec.backTo };
        if (spec.purchase) state.purchase = spec.purchase;
        host.navigate('/account/get-credits', { state });
      }}
    />
  );
}
