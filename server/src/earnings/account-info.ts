import type { AccountInfo } from '@cove/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { amlSubmissions, payouts, type UserRow } from '../db/schema';
import { allowedMethods, assertCreator } from './creator';
import { maskEmail } from './method-checks';
import { savedMethodOf, toPayoutMethodDto } from './payout-methods';
import { AML_THRESHOLD } from './rules';
import { hasFactor } from '../second-factor/factor';
import { hasPasskey } from '../second-factor/passkey-list';

/** `GET /v1/account/info`: the saved method, the allowed ones, where codes go, and the AML state. */
export async function accountInfo(db: Db, me: UserRow): Promise<AccountInfo> {
  assertCreator(me);
  const [method, allowed, [form], [sums], factor, passkey] = await Promise.all([
    savedMethodOf(db, me.id),
    allowedMethods(db, me),
    db.select({ id: amlSubmissions.userId }).from(amlSubmissions).where(eq(amlSubmissions.userId, me.id)),
    db
      .select({
        cumulative: sql<string>`coalesce(sum(${payouts.amount}), 0)::bigint`,
        held: sql<string>`count(*) filter (where ${payouts.status} = 'on_hold')`,
      })
      .from(payouts)
      .where(and(eq(payouts.creatorId, me.id), inArray(payouts.status, ['on_hold', 'pending', 'completed']))),
    hasFactor(db, me.id),
    hasPasskey(db, me.id),
  ]);
  return {
    payout_method: method ? toPayoutMethodDto(method) : null,
    allowed_methods: allowed,
    email: maskEmail(me.email),
    second_factor: factor,
    passkey,
    aml: {
      threshold: AML_THRESHOLD,
      cumulative: Number(sums?.cumulative ?? 0),
      submitted: form !== undefined,
      required: Number(sums?.held ?? 0) > 0,
    },
  };
}
