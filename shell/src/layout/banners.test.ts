import { testUser } from '@cove/runtime/testing';
import { bannersFor } from './banners';

const now = Date.parse('2026-03-01T12:00:00Z');
const kinds = (input: Partial<Parameters<typeof bannersFor>[0]>) =>
  bannersFor({
    user: testUser({ gender: 'male' }),
    connection: 'connected',
    codeSentAt: null,
    now,
    ...input,
  });

describe('banners', () => {
  it('shows nothing to a settled account or a signed-out visitor', () => {
    expect(kinds({})).toEqual([]);
    expect(kinds({ user: null, connection: 'disconnected' })).toEqual([]);
  });

  it('asks an unverified fan to verify, saying a code is on its way when one was just sent', () => {
    const user = testUser({ email_verified: false, gender: 'male' });
    expect(kinds({ user })).toEqual([{ kind: 'verify-email', variant: 'send-code' }]);
    expect(kinds({ user, codeSentAt: now - 60_000 })).toEqual([
      { kind: 'verify-email', variant: 'code-sent' },
    ]);
    expect(kinds({ user, codeSentAt: now - 11 * 60_000 })).toEqual([
      { kind: 'verify-email', variant: 'send-code' },
    ]);
    expect(
      kinds({ user: testUser({ email_verified: false, type: 'featured', avatar_url: 'a.jpg' }) }),
    ).toEqual([]);
  });

  it('asks a verified fan to complete the profile, and a creator for a photo', () => {
    expect(kinds({ user: testUser({ username: null, gender: 'male' }) })).toEqual([
      { kind: 'complete-profile', missing: 'username' },
    ]);
    expect(kinds({ user: testUser({ gender: null }) })).toEqual([
      { kind: 'complete-profile', missing: 'gender' },
    ]);
    expect(kinds({ user: testUser({ type: 'featured', gender: 'female' }) })).toEqual([
      { kind: 'add-photo' },
    ]);
  });

  it('puts the connection and a scheduled deletion first', () => {
    const user = testUser({ deleted_scheduled: true, delete_at: '2026-03-31T00:00:00Z', gender: 'male' });
    expect(kinds({ user, connection: 'disconnected' })).toEqual([
      { kind: 'disconnected' },
      { kind: 'deletion-scheduled', deleteAt: '2026-03-31T00:00:00Z' },
    ]);
  });
});
