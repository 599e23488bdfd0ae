import { dollarsOf, type Payout } from '@cove/contracts';
import type { PayoutRow } from '../db/schema';

export const toPayoutDto = (p: PayoutRow): Payout => ({
  _id: p.id,
  amount: p.amount,
  amount_in_dollars: dollarsOf(p.amount),
  method: p.method,
  label: p.label,
  status: p.status,
  failure_reason: p.failureReason,
  created_at: p.createdAt.toISOString(),
  completed_at: p.completedAt?.toISOString() ?? null,
});
