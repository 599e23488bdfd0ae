import type { HostAccount, User } from '@cove/contracts';

/** Minutes east of UTC where this browser is now (JavaScript counts them the other way). */
export const browserUtcOffset = (now = new Date()) => -now.getTimezoneOffset() || 0;

/**
 * After a sign-in: the account keeps the browser's UTC offset, which the Nearby tab compares
 * (docs/rules.md "Nearby"). Written only when it changed: a trip, a clock change, a first visit.
 */
export async function applyUtcOffset(
  user: Pick<User, 'utc_offset'>,
  account: Pick<HostAccount, 'patch'>,
  offset = browserUtcOffset(),
): Promise<void> {
  if (user.utc_offset === offset) return;
  await account.patch({ utc_offset: offset }).catch((err: unknown) => {
    console.warn('The time zone was not saved', err);
  });
}
