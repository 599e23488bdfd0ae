import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type PaymentRow, payments } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { ErrorCode } from '@cove/contracts';

/** One of the user's payments, as it stands; another user's is not found. */
/** What reading one of the caller's payments may be refused with. */
export const paymentOfCodes = ['not_found'] as const satisfies readonly ErrorCode[];

export async function paymentOf(db: Db, userId: string, id: string): Promise<PaymentRow> {
  const [p] = isUuid(id)
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)))
    : [];
  if (!p) throw fail('not_found', 'Payment');
  return p;
}

/** Whether the user has ever paid the provider (the first-purchase bonus is for those who have not). */
export async function hasPaid(db: Db, userId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.transactionId)))
    .limit(1);
  return paid !== undefined;
}
