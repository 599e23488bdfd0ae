import type { ErrorCode, StaffPaymentAction } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { paymentActionCodes, paymentById, runPaymentAction } from '../payments/admin-actions';
import { assertMay, staffActor } from './act';

/** What a refund or chargeback from the console may be refused with. */
export const staffPaymentCodes = [
  ...paymentActionCodes,
  'moderator_not_allowed',
  'staff_action_refused',
] as const satisfies readonly ErrorCode[];

/**
 * `POST /v1/admin/payments/:id/refund|chargeback` (docs/rules.md, Refunds and chargebacks): staff
 * (not moderators, not on their own payments) refund or record a chargeback with a reason, through the
 * CLI's own path, so the provider's rules and the audit log are the same either way.
 */
export async function actOnPayment(
  app: FastifyInstance,
  staff: UserRow,
  paymentId: string,
  action: StaffPaymentAction,
  reason: string,
): Promise<string> {
  assertMay(staff, action);
  const payment = await paymentById(app.db, paymentId);
  if (payment.userId === staff.id)
    throw fail('staff_action_refused', 'Staff can not refund their own payments.');
  return runPaymentAction(app, { action, paymentId: payment.id, actor: staffActor(staff), reason });
}
