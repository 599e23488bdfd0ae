import { eq } from 'drizzle-orm';
import { ledgerTransactions, type PaymentRow, providerSettings, users } from '../db/schema';
import type { Tx } from '../db/transaction';
import { postMovement } from '../ledger/ledger';
import { effectiveFeatures } from '../provider/provider-config';
import type { Emit } from '../realtime/with-events';
import { REFERRAL_MONTHS } from './rules';

/** The creator's commission on a credit package her referred fan buys (docs/rules.md, Package commissions). */
export const PACKAGE_COMMISSION_PERCENT = 10;

const commissionKey = (paymentId: string) => `package_commission:${paymentId}`;

/**
 * A succeeded credit package: when the buyer signed up with a creator's code within the last 12 months
 * and that creator has the `credit_package_sales_commissions` permission, she earns 10% of the price
 * (not the bonus), rounded down, from the platform's revenue, once per payment.
 */
export async function creditPackageCommission(tx: Tx, emit: Emit, p: PaymentRow): Promise<void> {
  if (p.paymentType !== 'credits') return;
  const [pair] = await tx
    .select({ referrerId: users.referrerId, joined: users.createdAt })
    .from(users)
    .where(eq(users.id, p.userId));
  if (!pair?.referrerId) return;
  const since = new Date(pair.joined);
  since.setUTCMonth(since.getUTCMonth() + REFERRAL_MONTHS);
  if (since <= new Date()) return;
  const [creator] = await tx.select().from(users).where(eq(users.id, pair.referrerId));
  const [settings] = await tx.select().from(providerSettings);
  if (creator?.type !== 'featured') return;
  const features = effectiveFeatures(settings?.defaultFeatures ?? {}, creator.features);
  if (!features.credit_package_sales_commissions) return;
  const amount = Math.floor((p.amount * PACKAGE_COMMISSION_PERCENT) / 100);
  if (amount <= 0) return;
  const movement = await postMovement(tx, {
    kind: 'package_commission',
    reference: { payment_id: p.id, buyer_id: p.userId, creator_id: creator.id, amount },
    idempotencyKey: commissionKey(p.id),
    entries: [
      { account: { owner: null, kind: 'platform_revenue' }, amount: -amount },
      { account: { owner: creator.id, kind: 'earnings' }, amount },
    ],
  });
  if (movement.created) emit(creator.id, { type: 'earnings_updated' });
}

/** A refunded or charged-back package takes its commission back from the creator's earnings. */
export async function revokePackageCommission(tx: Tx, emit: Emit, p: PaymentRow): Promise<void> {
  const [paid] = await tx
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, commissionKey(p.id)));
  const { creator_id: creatorId, amount } = (paid?.reference ?? {}) as {
    creator_id?: string;
    amount?: number;
  };
  if (!creatorId || !amount) return;
  const movement = await postMovement(tx, {
    kind: 'package_commission_revoked',
    reference: { payment_id: p.id, creator_id: creatorId, amount },
    idempotencyKey: `package_commission_revoked:${p.id}`,
    entries: [
      { account: { owner: creatorId, kind: 'earnings' }, amount: -amount },
      { account: { owner: null, kind: 'platform_revenue' }, amount },
    ],
  });
  if (movement.created) emit(creatorId, { type: 'earnings_updated' });
}
