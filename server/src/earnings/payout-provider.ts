import type { PayoutMethodKind } from '@cove/contracts';

/** What a provider is asked to pay: the payout's id is its idempotency key at the provider. */
export interface PayoutOrder {
  id: string;
  amount: number;
  method: PayoutMethodKind;
  /** The destination as the creator saved it when asking (IBAN, email, wallet address). */
  details: Record<string, string>;
}

export type PayoutOutcome = { status: 'completed' } | { status: 'failed'; reason: string };

/**
 * Sends money to creators. `send` hands a payout over and returns the provider's reference; it may
 * be called more than once for one payout (a retry after a crash), which must pay it once. The
 * outcome comes back later, however the provider reports it (a webhook, a poll), through
 * `settlePayout` (settle-payout.ts), which applies it to the ledger exactly once.
 */
export interface PayoutProvider {
  readonly name: string;
  send(order: PayoutOrder): Promise<string>;
}
