import type { ErrorCode } from '@cove/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from '../zod';
import { defaultReason } from '../admin/commands';
import type { Db } from '../db/client';
import { adminActions, type PaymentRow, payments } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';

/** Support actions on one payment (`npm run admin -- refund <id>`, and the staff console's buttons). */
export const paymentAction = z.object({
  action: z.enum(['refund', 'chargeback']),
  paymentId: z.string(),
  actor: z.string().check(z.minLength(1), z.maxLength(200)),
  reason: z.optional(z.string().check(z.maxLength(500))),
});
export type PaymentAction = z.infer<typeof paymentAction>;

/** What a refund or chargeback may be refused with. */
export const paymentActionCodes = [
  'not_found',
  'payment_not_reversible',
] as const satisfies readonly ErrorCode[];

/** The payment, or 404 (a malformed id included). */
export async function paymentById(db: Db, id: string): Promise<PaymentRow> {
  const [p] = isUuid(id) ? await db.select().from(payments).where(eq(payments.id, id)) : [];
  if (!p) throw fail('not_found', 'Payment');
  return p;
}

/** Whether a refund or chargeback of each payment was asked and is in the audit log. */
export async function reversalsAsked(db: Db, paymentIds: string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sql<string>`${adminActions.args}->>0` })
    .from(adminActions)
    .where(
      and(
        inArray(adminActions.command, ['refund', 'chargeback']),
        inArray(sql<string>`${adminActions.args}->>0`, paymentIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Why a payment cannot be refunded or disputed now, or null when it can: only a succeeded payment
 * whose reversal was not already asked (`asked`) and is waiting for the provider's confirmation.
 */
export function whyNotReversible(
  p: Pick<PaymentRow, 'status' | 'providerPaymentId'>,
  asked: boolean,
  action: PaymentAction['action'] = 'refund',
): string | null {
  if (p.status !== 'succeeded' || !p.providerPaymentId)
    return `Only a succeeded payment can be ${action === 'refund' ? 'refunded' : 'disputed'}; this one is ${p.status}.`;
  if (asked)
    return 'A refund or chargeback of this payment was already asked; it applies when the provider confirms it.';
  return null;
}

/**
 * Asks the provider to refund (or, in the sandbox, to dispute) a succeeded payment, and writes who
 * asked and why to the audit log (docs/rules.md, Refunds and chargebacks). The money moves when the
 * provider's webhook arrives, exactly as for a refund made at the provider's own dashboard, so a
 * payment already reversed, or whose reversal was asked and not yet confirmed, is refused.
 */
export async function runPaymentAction(app: FastifyInstance, req: PaymentAction): Promise<string> {
  const p = await paymentById(app.db, req.paymentId);
  const refusal = whyNotReversible(p, (await reversalsAsked(app.db, [p.id])).has(p.id), req.action);
  if (refusal || !p.providerPaymentId) throw fail('payment_not_reversible', refusal ?? '');
  if (req.action === 'refund') await app.payments.provider.refund(p.providerPaymentId);
  else if (app.payments.sandbox) await app.payments.sandbox.dispute(p.providerPaymentId);
  else
    throw fail(
      'payment_not_reversible',
      'Chargebacks come from the card holder\u2019s bank; only the sandbox can make one.',
    );
  await app.db.insert(adminActions).values({
    actor: req.actor,
    command: req.action,
    targetUserId: p.userId,
    args: [p.id],
    reason: req.reason?.trim() || defaultReason,
  });
  return req.action === 'refund'
    ? `Refund of payment ${p.id} asked; the credits go back when the provider confirms.`
    : `Chargeback of payment ${p.id} opened in the sandbox.`;
}
