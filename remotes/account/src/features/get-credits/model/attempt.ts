import { isApiError } from '@cove/runtime';

/** One try at paying: its idempotency key, kept (with the card's token) while a network error is retried. */
export interface Attempt {
  signature: string;
  key: string;
  token?: string;
}

/** The attempt a payment makes: the one kept for the same choices (a retry), else a new one. */
export const attemptFor = (kept: Attempt | null, signature: string, newKey: () => string): Attempt =>
  kept?.signature === signature ? kept : { signature, key: newKey() };

/** Only a call that may not have arrived is retried as the same attempt. */
export const keepsAttempt = (err: unknown) => isApiError(err) && err.status === 0 && err.code === 'network';
