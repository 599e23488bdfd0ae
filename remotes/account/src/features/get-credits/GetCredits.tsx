import { backTargetState } from '@cove/contracts';
import { ButtonLink, EmptyState } from '@cove/ui';
import { useLocation } from 'react-router-dom';

/**
 * The credit purchase page. Buying waits for payments; meanwhile a visit that came with a back-target
 * (the not-enough-credits or Unlock Free Chat popup) offers the way back to where it came from.
 */
export function GetCredits() {
  const back = backTargetState.safeParse(useLocation().state);
  return (
    <EmptyState
      icon="🪙"
      title="Get credits"
      actions={back.success && <ButtonLink to={back.data.backTo}>Back to the chat</ButtonLink>}
    >
      Buying credit packages is not available in this version of Cove. Your current balance is safe.
    </EmptyState>
  );
}
