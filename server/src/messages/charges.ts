import { sql } from 'drizzle-orm';
import { creditsOf, isBalanceTooLow } from '../ledger/ledger';
import { type AppError, fail } from '../errors';
import type { Tx } from '../chats/chat-store';
import { rowsOf } from '../db/rows';

/** The creator's share of every credit a fan spends; the rest is the platform's (docs/rules.md). */
export const CREATOR_SHARE = 0.8;

/**
 * A fan pays a creator `amount` credits inside the caller's transaction: the creator's share rounded
 * down, the remainder to the platform (the `charge_fan` function of migration 0010, which the batched
 * send path calls too). Returns the ledger transaction's id, or null when `key` was charged before.
 */
export async function chargeFan(
  tx: Tx,
  kind: string,
  fanId: string,
  creatorId: string,
  amount: number,
  key: string,
  reference: Record<string, unknown>,
): Promise<string | null> {
  const [row] = rowsOf<{ id: string | null }>(
    await tx.execute(sql`select charge_fan(${kind}, ${fanId}, ${creatorId}, ${amount}, ${CREATOR_SHARE},
      ${key}, ${JSON.stringify(reference)}::jsonb) as id`),
  );
  return row?.id ?? null;
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
