import type { SavedCard } from '@cove/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { savedCards } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { PaymentProvider } from './provider';
import type { ErrorCode } from '@cove/contracts';

export async function listCards(db: Db, userId: string): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(asc(savedCards.createdAt));
  return rows.map((c) => ({
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    exp_month: c.expMonth,
    exp_year: c.expYear,
  }));
}

/** Deletes one of the caller's cards, here and at the provider; anyone else's card is 404. */
/** What deleting a saved card may be refused with. */
export const deleteCardCodes = ['not_found'] as const satisfies readonly ErrorCode[];

export async function deleteCard(db: Db, provider: PaymentProvider, userId: string, id: string) {
  if (!isUuid(id)) throw fail('not_found', 'Card');
  const [card] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
    .returning();
  if (!card) throw fail('not_found', 'Card');
  if (card.provider === provider.name) await provider.deleteCard(card.providerRef);
}
