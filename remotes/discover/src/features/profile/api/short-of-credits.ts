import { errorMessage, isApiError, useHost } from '@cove/runtime';
import { profilePath } from '../model/profile-path';

/** Whether a purchase failed for want of credits, which the not-enough-credits popup says. */
export const isShortOfCredits = (err: unknown) => isApiError(err) && err.code === 'not_enough_credits';

/**
 * What a purchase on a profile does when the fan is short of credits: the balance is read again, and
 * the popup leads to buying them and back to this profile, to finish what was bought.
 */
export function useShortOfCredits(creatorId: string) {
  const { account, popups } = useHost();
  return (err: unknown) => {
    if (!isShortOfCredits(err)) return;
    void account.reload();
    popups.open({
      kind: 'not-enough-credits',
      message: errorMessage(err),
      backTo: profilePath(creatorId),
      purchase: { model_id: creatorId },
    });
  };
}
