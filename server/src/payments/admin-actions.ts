import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from '../zod';
import { defaultReason } from '../admin/commands';
import { adminActions, payments } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { ErrorCode } from '@cove/contracts';

/** Support actions on one payment, run by the server for the admin CLI (`npm run admin -- refund <id>`). */
export const paymentAction = z.object({
  action: z.enum(['refund', 'chargeback']),
  paymentId: z.string(),
  actor: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type PaymentAction = z.infer<typeof paymentAction>;

/**
 * Asks the provider to refund (or, in the sandbox, to dispute) a succeeded payment. The money moves
 * when the provider's webhook arrives, exactly as for a refund made at the provider's own dashboard.
 */
/** What a refund or chargeback asked by the admin CLI may be refused with. */
export const paymentActionCodes = ['not_found', 'bad_request'] as const satisfies readonly ErrorCode[];

export async function runPaymentAction(app: FastifyInstance, req: PaymentAction): Promise<string> {
  const [p] = isUuid(req.paymentId)
    ? await app.db.select().from(payments).where(eq(payments.id, req.paymentId))
    : [];
  if (!p) throw fail('not_found', 'Payment');
  if (p.status !== 'succeeded' || !p.providerPaymentId)
    throw fail(
      'bad_request',
      `Only a succeeded payment can be ${req.action === 'refund' ? 'refunded' : 'disputed'}; this one is ${p.status}.`,
    );
  if (req.action === 'refund') await app.payments.provider.refund(p.providerPaymentId);
  else if (app.payments.sandbox) await app.payments.sandbox.dispute(p.providerPaymentId);
  else
    throw fail(
      'bad_request',
      'Chargebacks come from the card holder\u2019s bank; only the sandbox can make one.',
    );
  await app.db.insert(adminActions).values({
    actor: req.actor,
    command: req.action,
    targetUserId: p.userId,
    args: [p.id],
    reason: defaultReason,
  });
  return req.action === 'refund'
    ? `Refund of payment ${p.id} asked; the credits go back when the provider confirms.`
    : `Chargeback of payment ${p.id} opened in the sandbox.`;
}
