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
      kinds({ user: testUser({ email_verified: false, type: 'featured', avatar_url: 'a.jpg', bio: 'Hi' }) }),
    ).toEqual([]);
  });

  it('asks a verified fan to complete the profile', () => {
    expect(kinds({ user: testUser({ username: null, gender: 'male' }) })).toEqual([
      { kind: 'complete-profile', missing: 'username' },
    ]);
    expect(kinds({ user: testUser({ gender: null }) })).toEqual([
      { kind: 'complete-profile', missing: 'gender' },
    ]);
  });

  it('asks a creator to complete the profile (avatar, then bio) until both are there', () => {
    const creator = (changes: { avatar_url?: string | null; bio?: string }) =>
      kinds({ user: testUser({ type: 'featured', gender: 'female', ...changes }) });
    expect(creator({ avatar_url: null, bio: '' })).toEqual([{ kind: 'creator-profile', missing: 'avatar' }]);
    expect(creator({ avatar_url: null, bio: 'Hi, I sing.' })).toEqual([
      { kind: 'creator-profile', missing: 'avatar' },
    ]);
    expect(creator({ avatar_url: '/a.jpg', bio: '  ' })).toEqual([
      { kind: 'creator-profile', missing: 'bio' },
    ]);
    expect(creator({ avatar_url: '/a.jpg', bio: 'Hi, I sing.' })).toEqual([]);
    // Fans are never asked for a photo or a bio.
    expect(kinds({ user: testUser({ gender: 'male', avatar_url: null, bio: '' }) })).toEqual([]);
  });

  it('puts the connection and a scheduled deletion first', () => {
    const user = testUser({ deleted_scheduled: true, delete_at: '2026-03-31T00:00:00Z', gender: 'male' });
    expect(kinds({ user, connection: 'disconnected' })).toEqual([
      { kind: 'disconnected' },
      { kind: 'deletion-scheduled', deleteAt: '2026-03-31T00:00:00Z' },
    ]);
  });
});
