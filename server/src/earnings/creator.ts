import { type ErrorCode, type PayoutMethodKind, payoutMethodKinds } from '@cove/contracts';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { providerConfigFor } from '../provider/provider-config';

/** What anything of earnings and payouts answers someone who is not a creator. */
export const creatorCodes = ['creators_only'] as const satisfies readonly ErrorCode[];

/** Earnings and payouts are a creator's (type `featured`); anyone else is refused with 403. */
export function assertCreator(me: UserRow): void {
  if (me.type !== 'featured') throw fail('creators_only');
}

/** The payout methods the creator's feature permissions allow, in display order. */
export async function allowedMethods(db: Db, me: UserRow): Promise<PayoutMethodKind[]> {
  const { features } = await providerConfigFor(db, me);
  return payoutMethodKinds.filter((m) => features[m]);
}

export async function assertMethodAllowed(db: Db, me: UserRow, method: PayoutMethodKind): Promise<void> {
  if (!(await allowedMethods(db, me)).includes(method)) throw fail('payout_method_not_allowed');
}
