import { ApiError } from '../api/api-error';
import { attemptFor, keepsAttempt } from './attempt';

describe('idempotent attempts', () => {
  const newKey = () => 'fresh';

  it('keeps the attempt for the same choices, so a retry sends the same idempotency key', () => {
    const kept = { signature: 'a', key: 'k1', token: 't' };
    expect(attemptFor(kept, 'a', newKey)).toBe(kept);
    expect(attemptFor(kept, 'b', newKey)).toEqual({ signature: 'b', key: 'fresh' });
    expect(attemptFor(null, 'a', newKey)).toEqual({ signature: 'a', key: 'fresh' });
  });

  it('keeps it only after a call that may not have arrived', () => {
    expect(keepsAttempt(new ApiError(0, 'offline', { code: 'network' }))).toBe(true);
    expect(keepsAttempt(new ApiError(402, 'declined', { code: 'card_declined' }))).toBe(false);
    expect(keepsAttempt(new Error('boom'))).toBe(false);
  });
});
