import type { HostAccount, User } from '@cove/contracts';
import { referralCode } from './stored-flags';

/** Keeps the `code` of the address a visitor arrived on (a creator's referral link). */
export function keepReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('code')?.trim();
  if (code) referralCode.set(code.slice(0, 40));
}

/**
 * After a sign-in: an account without a code takes the kept one as its `code_used` (which makes that
 * creator its referrer, docs/rules.md "Referrals"). The code is used once, whatever the answer.
 */
export async function applyReferralCode(
  user: Pick<User, 'code_used'>,
  account: Pick<HostAccount, 'patch'>,
): Promise<void> {
  const code = referralCode.take();
  if (!code || user.code_used) return;
  await account.patch({ code_used: code }).catch((err: unknown) => {
    console.warn('The referral code was not saved', err);
  });
}
