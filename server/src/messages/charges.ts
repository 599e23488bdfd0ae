import { creditsOf, isBalanceTooLow, type Movement, postMovement } from '../ledger/ledger';
import { type AppError, fail } from '../errors';
import type { Tx } from '../chats/chat-store';

/** The creator's share of every credit a fan spends; the rest is the platform's (docs/rules.md). */
export const CREATOR_SHARE = 0.8;

/** Splits a fan's payment: creator earnings first (rounded down), the remainder to the platform. */
export function split(amount: number): { creator: number; platform: number } {
  const creator = Math.floor(amount * CREATOR_SHARE);
  return { creator, platform: amount - creator };
}

/** A fan pays a creator `amount` credits inside the caller's transaction. */
export async function chargeFan(
  tx: Tx,
  kind: string,
  fanId: string,
  creatorId: string,
  amount: number,
  key: string,
  reference: Record<string, unknown>,
) {
  const { creator, platform } = split(amount);
  const entries: Movement['entries'] = [
    { account: { owner: fanId, kind: 'credits' }, amount: -amount },
    { account: { owner: creatorId, kind: 'earnings' }, amount: creator },
    { account: { owner: null, kind: 'platform_revenue' }, amount: platform },
  ];
  return postMovement(tx, { kind, idempotencyKey: key, reference, entries });
}

/** The spec's two not-enough-credits texts: none at all, or some but too few. */
export async function notEnoughCredits(
  db: Parameters<typeof creditsOf>[0],
  userId: string,
): Promise<AppError> {
  const credits = await creditsOf(db, userId);
  return fail('not_enough_credits', credits);
}

export { isBalanceTooLow };
