import { creditsOf, isBalanceTooLow } from '../ledger/ledger';
import { type AppError, fail } from '../errors';

/** The creator's share of every credit a fan spends; the rest is the platform's (docs/rules.md). */
export const CREATOR_SHARE = 0.8;

/** The spec's two not-enough-credits texts: none at all, or some but too few. */
export async function notEnoughCredits(
  db: Parameters<typeof creditsOf>[0],
  userId: string,
): Promise<AppError> {
  const credits = await creditsOf(db, userId);
  return fail('not_enough_credits', credits);
}

export { isBalanceTooLow };
