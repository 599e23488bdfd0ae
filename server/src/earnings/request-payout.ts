import {
  type ErrorCode,
  formatMoney,
  type Payout,
  type PayoutRequestBody,
  payoutRequestBody,
} from '@cove/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { retryConflicts, type Tx } from '../db/transaction';
import { amlSubmissions, ledgerAccounts, type PayoutRow, payouts, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { postMovement } from '../ledger/ledger';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { assertCreator, assertMethodAllowed } from './creator';
import { toPayoutDto } from './payout-dto';
import { savedMethodOf } from './payout-methods';
import { queuePayout } from './payout-queue';
import { AML_THRESHOLD, MINIMUM_PAYOUT, payoutKinds } from './rules';
import { availableOf, balanceOf } from './totals';
import { confirmWithFactor, factorCodeCodes, type FactorContext } from '../second-factor/factor';

/** What a payout request may be refused with. */
export const requestPayoutCodes = [
  'creators_only',
  'payout_method_not_allowed',
  'no_payout_method',
  'payout_too_small',
  'payout_too_large',
  'payout_key_reused',
  'factor_code_needed',
  ...factorCodeCodes,
] as const satisfies readonly ErrorCode[];

export interface PayoutDeps extends EventDeps {
  boss: PgBoss;
  provider: string;
  holdDays: number;
  /** Something was queued: the sending workers look now. */
  queued: () => void;
}

async function payoutByKey(db: EventDeps['db'] | Tx, creatorId: string, key: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.idempotencyKey, key)));
  return row;
}

/** The first payout under a key answers its repeats; another amount under it is a different payout. */
function repeatOf(first: PayoutRow, amount: number): Payout {
  if (first.amount !== amount) throw fail('payout_key_reused');
  return toPayoutDto(first);
}

/** Whether this payout takes the creator's payouts past the AML threshold without the form sent. */
async function needsAml(tx: Tx, creatorId: string, amount: number): Promise<boolean> {
  const [form] = await tx
    .select({ id: amlSubmissions.userId })
    .from(amlSubmissions)
    .where(eq(amlSubmissions.userId, creatorId));
  if (form) return false;
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payouts.amount}), 0)::bigint` })
    .from(payouts)
    .where(
      and(eq(payouts.creatorId, creatorId), inArray(payouts.status, ['on_hold', 'pending', 'completed'])),
    );
  return Number(row?.sum ?? 0) + amount > AML_THRESHOLD;
}

/**
 * `POST /v2/account/payout`: at most the available balance, at least the minimum, to the saved
 * method. The creator's earnings account row is locked first, so requests of one creator run one
 * after another and each sees the others' debits: together they never take more than available.
 * `FOR NO KEY UPDATE` leaves sales crediting the account (which take its key-share lock) unblocked.
 */
export async function requestPayout(
  deps: PayoutDeps,
  me: UserRow,
  input: PayoutRequestBody,
  factor: FactorContext,
): Promise<Payout> {
  assertCreator(me);
  const body = payoutRequestBody.parse(input);
  const method = await savedMethodOf(deps.db, me.id);
  if (!method) throw fail('no_payout_method');
  await assertMethodAllowed(deps.db, me, method.method);
  const first = await payoutByKey(deps.db, me.id, body.idempotency_key);
  if (first) return repeatOf(first, body.amount);
  if (body.amount < MINIMUM_PAYOUT) throw fail('payout_too_small', formatMoney(MINIMUM_PAYOUT));
  // A new payout (not a repeat of one made) is confirmed with the second factor when it is on.
  await confirmWithFactor(factor, me, body.factor_code);

  const made = await retryConflicts(() =>
    withEvents(deps, async (tx, emit) => {
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerId, me.id), eq(ledgerAccounts.kind, 'earnings')))
        .for('no key update');
      // A repeat that ran while this one waited for the lock.
      const earlier = await payoutByKey(tx, me.id, body.idempotency_key);
      if (earlier) return earlier;
      const available = availableOf(await balanceOf(tx, me.id, deps.holdDays));
      if (body.amount > available) throw fail('payout_too_large', formatMoney(Math.max(0, available)));
      const status = (await needsAml(tx, me.id, body.amount)) ? 'on_hold' : 'pending';
      const [row] = await tx
        .insert(payouts)
        .values({
          creatorId: me.id,
          idempotencyKey: body.idempotency_key,
          amount: body.amount,
          method: method.method,
          details: method.details,
          label: method.label,
          status,
          provider: deps.provider,
        })
        .returning();
      if (!row) throw new Error('payout insert returned nothing');
      await postMovement(tx, {
        kind: payoutKinds.requested,
        reference: { payout_id: row.id },
        idempotencyKey: `${payoutKinds.requested}:${row.id}`,
        entries: [
          { account: { owner: me.id, kind: 'earnings' }, amount: -row.amount },
          { account: { owner: me.id, kind: 'payout_clearing' }, amount: row.amount },
        ],
      });
      if (status === 'pending') await queuePayout(deps.boss, tx, row.id);
      emit(me.id, { type: 'payout_updated', payout_id: row.id, status });
      return row;
    }),
  );
  if (made.status === 'pending') deps.queued();
  return repeatOf(made, body.amount);
}
