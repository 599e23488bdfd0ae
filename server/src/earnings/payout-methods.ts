import { type ErrorCode, type PayoutMethod, payoutMethodBody, type PayoutMethodBody } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { consumeCode } from '../accounts/email-codes';
import type { Db } from '../db/client';
import { type PayoutMethodRow, payoutMethods, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { assertCreator, assertMethodAllowed } from './creator';
import { checkMethod } from './method-checks';
import { confirmWithFactor, factorCodeCodes, type FactorContext } from '../second-factor/factor';

/** What setting a payout method may be refused with, the emailed code included. */
export const payoutMethodCodes = [
  'creators_only',
  'payout_method_not_allowed',
  'bad_iban',
  'bad_bic',
  'bad_wallet',
  'verification_required',
  'wrong_code',
  'code_expired',
  'code_locked',
  'factor_code_needed',
  ...factorCodeCodes,
] as const satisfies readonly ErrorCode[];

export const toPayoutMethodDto = (row: PayoutMethodRow): PayoutMethod => ({
  method: row.method,
  label: row.label,
  updated_at: row.updatedAt.toISOString(),
});

export async function savedMethodOf(db: Db, userId: string): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row;
}

/**
 * `PATCH /v2/account/defaults?verification_code=`: the creator's payout method. Everything about the
 * method is checked before the code is spent, so a typo does not cost a code; then the code mailed
 * for `action` must come back, or, with a second factor on, a code from the authenticator app in its
 * place (docs/rules.md, Changing a method; Second factor).
 */
export async function setPayoutMethod(
  factor: FactorContext,
  me: UserRow,
  input: PayoutMethodBody,
  code: string | undefined,
): Promise<PayoutMethod> {
  const { db } = factor;
  assertCreator(me);
  const body = payoutMethodBody.parse(input);
  await assertMethodAllowed(db, me, body.method);
  const checked = checkMethod(body);
  if (!(await confirmWithFactor(factor, me, code))) {
    if (!code) throw fail('verification_required');
    await consumeCode(db, me.id, ['action'], code);
  }
  const values = { ...checked, updatedAt: new Date() };
  const [row] = await db
    .insert(payoutMethods)
    .values({ userId: me.id, ...values })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning();
  if (!row) throw new Error('payout method upsert returned nothing');
  return toPayoutMethodDto(row);
}
