import type PgBoss from 'pg-boss';
import type { QueueDefinition } from '../jobs/jobs';
import type { PayoutOrder, PayoutOutcome, PayoutProvider } from './payout-provider';

/** What the sandbox's settling job carries. */
export interface SandboxSettleJob {
  payoutId: string;
  outcome: PayoutOutcome;
}

/** The sandbox's side of a payout: its outcome, applied once the settle time has passed. */
export const sandboxPayoutQueue: QueueDefinition = {
  name: 'sandbox-payouts',
  retryLimit: 20,
  retryDelay: 1,
  retryBackoff: true,
  expireInSeconds: 60,
};

/** The database's clock and this process's may differ by a little: wake just after the job is due. */
const WAKE_MARGIN_MS = 50;

export const SANDBOX_REFUSAL = 'The payout provider refused this destination.';

/** docs/rules.md, Sandbox payouts: a PayPal/Paxum email or account holder starting with `fail` fails. */
export function sandboxOutcome(order: PayoutOrder): PayoutOutcome {
  const destination = order.details.email ?? order.details.account_holder ?? '';
  return destination.toLowerCase().startsWith('fail')
    ? { status: 'failed', reason: SANDBOX_REFUSAL }
    : { status: 'completed' };
}

/**
 * The built-in payout provider, in this same server: a payout settles `settleMs` after it is sent,
 * through a pg-boss job whose worker calls `settlePayout` as a real provider's webhook would.
 */
export class SandboxPayouts implements PayoutProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly boss: PgBoss,
    private readonly settleMs: number,
    /** Wakes the settling workers: a payout due now need not wait for their next poll. */
    private readonly wake: () => void,
  ) {}

  async send(order: PayoutOrder): Promise<string> {
    const job: SandboxSettleJob = { payoutId: order.id, outcome: sandboxOutcome(order) };
    await this.boss.send(sandboxPayoutQueue.name, job, {
      startAfter: new Date(Date.now() + this.settleMs),
    });
    // The workers poll every 2 s; woken just after the job is due, it settles on time.
    setTimeout(this.wake, this.settleMs + WAKE_MARGIN_MS).unref();
    return `po_${order.id.replaceAll('-', '')}`;
  }
}
