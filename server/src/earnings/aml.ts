import { type AmlBody, amlBody, type ErrorCode } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { amlSubmissions, ledgerAccounts, payouts, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { assertCreator } from './creator';
import { queuePayout } from './payout-queue';

/** What the AML form may be refused with. */
export const amlCodes = [
  'creators_only',
  'bad_date_of_birth',
  'aml_already_submitted',
] as const satisfies readonly ErrorCode[];

/** A real calendar date, at least 18 years and at most 120 years before today. */
export function adultBirthDate(value: string, now: Date): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return false;
  const adult = new Date(Date.UTC(y + 18, m - 1, d));
  return adult <= now && y > now.getUTCFullYear() - 120;
}

/**
 * `POST /v1/account/anti-money-laundering`: once per creator. Payouts waiting for it become pending
 * and are queued for sending in the same transaction (docs/rules.md, AML). Returns how many it released.
 */
export async function submitAml(
  deps: EventDeps & { boss: PgBoss; queued: () => void },
  me: UserRow,
  input: AmlBody,
  now = new Date(),
): Promise<number> {
  assertCreator(me);
  const body = amlBody.parse(input);
  if (!adultBirthDate(body.date_of_birth, now)) throw fail('bad_date_of_birth');
  const released = await withEvents(deps, async (tx, emit) => {
    // Payout requests hold this lock while they decide on_hold or pending: none decides on a stale answer.
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, me.id), eq(ledgerAccounts.kind, 'earnings')))
      .for('no key update');
    const [saved] = await tx
      .insert(amlSubmissions)
      .values({
        userId: me.id,
        fullName: body.full_name,
        dateOfBirth: body.date_of_birth,
        address: body.address,
        country: body.country,
        taxId: body.tax_id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: amlSubmissions.userId });
    if (!saved) throw fail('aml_already_submitted');
    const held = await tx
      .update(payouts)
      .set({ status: 'pending', updatedAt: now })
      .where(and(eq(payouts.creatorId, me.id), eq(payouts.status, 'on_hold')))
      .returning({ id: payouts.id });
    for (const { id } of held) {
      await queuePayout(deps.boss, tx, id);
      emit(me.id, { type: 'payout_updated', payout_id: id, status: 'pending' });
    }
    return held.length;
  });
  if (released > 0) deps.queued();
  return released;
}
