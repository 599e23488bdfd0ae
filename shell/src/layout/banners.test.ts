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
      kinds({
        user: testUser({
          email_verified: false,
          type: 'featured',
          avatar_url: 'a.jpg',
          bio: 'Hi',
          discover_status: 'featured',
        }),
      }),
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
      kinds({
        user: testUser({ type: 'featured', gender: 'female', discover_status: 'featured', ...changes }),
      });
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

describe('creator signals', () => {
  const settled = { avatar_url: '/a.jpg', bio: 'Hi, I sing.', gender: 'female' as const };
  const star = (changes: Parameters<typeof testUser>[0] = {}) =>
    testUser({ type: 'featured', discover_status: 'featured', ...settled, ...changes });
  const quiet = { chats: 0, new_chats: 0, referred: 0, rank: 7 };
  const busy = { chats: 40, new_chats: 12, referred: 0, rank: 2 };
  const warning = (level: 'punishment_alert' | 'final_punishment_alert' | 'penalty', endsIn: number) => ({
    level,
    reason: 'spam',
    ends_at: new Date(now + endsIn).toISOString(),
  });

  it('warns an invisible creator, whatever else holds, and no one else', () => {
    expect(kinds({ user: star({ invisible: true }), signals: busy })).toEqual([
      { kind: 'invisible-profile' },
    ]);
    expect(kinds({ user: star({ invisible: true }), features: { no_discover: true } })).toEqual([
      { kind: 'invisible-profile' },
    ]);
    expect(kinds({ user: testUser({ invisible: true, gender: 'male' }) })).toEqual([]);
  });

  it('says why the featured listing is off: staff turned it off, restricted, or never featured', () => {
    expect(kinds({ user: star(), features: { no_discover: true } })).toEqual([
      { kind: 'listing-disabled', why: 'no_discover' },
    ]);
    expect(kinds({ user: star({ discover_status: 'denied', restricted: true }) })).toEqual([
      { kind: 'listing-disabled', why: 'denied' },
    ]);
    expect(kinds({ user: star({ discover_status: 'hidden' }) })).toEqual([
      { kind: 'listing-disabled', why: 'not-featured' },
    ]);
    // Forced into Discover by staff, or an applicant still awaiting approval: nothing to say here.
    expect(kinds({ user: star({ discover_status: 'hidden', force_discover: true }) })).toEqual([]);
    expect(kinds({ user: star({ discover_status: 'hidden', restricted: true }) })).toEqual([]);
  });

  it("shows staff's warning or penalty with its reason until it ends, above the rest", () => {
    for (const level of ['punishment_alert', 'final_punishment_alert', 'penalty'] as const) {
      const w = warning(level, 60_000);
      expect(kinds({ user: star({ discover_warning: w, invisible: true }), signals: quiet })).toEqual([
        { kind: 'discover-warning', warning: w, rank: 7 },
        { kind: 'invisible-profile' },
      ]);
    }
    expect(kinds({ user: star({ discover_warning: warning('penalty', -1) }), signals: busy })).toEqual([]);
    // Before the counts arrive the place is not known yet.
    const w = warning('penalty', 60_000);
    expect(kinds({ user: star({ discover_warning: w }) })).toEqual([
      { kind: 'discover-warning', warning: w, rank: null },
    ]);
  });

  it('offers a quiet creator more chats, says when the referral boost is on, and lets both be closed', () => {
    expect(kinds({ user: star(), signals: quiet })).toEqual([{ kind: 'get-more-chats' }]);
    expect(kinds({ user: star(), signals: { ...busy, new_chats: 2 } })).toEqual([{ kind: 'get-more-chats' }]);
    expect(kinds({ user: star(), signals: busy })).toEqual([]);
    expect(kinds({ user: star(), signals: { ...busy, referred: 3 } })).toEqual([
      { kind: 'boost-active', referred: 3 },
    ]);
    expect(
      kinds({ user: star(), signals: { ...quiet, referred: 1 }, dismissed: new Set(['get-more-chats']) }),
    ).toEqual([{ kind: 'boost-active', referred: 1 }]);
    // Nothing to nudge before the counts arrive, nor while something more pressing shows.
    expect(kinds({ user: star() })).toEqual([]);
    expect(kinds({ user: star({ avatar_url: null }), signals: quiet })).toEqual([
      { kind: 'creator-profile', missing: 'avatar' },
    ]);
  });

  it('lets a closed listing notice make way for the nudges', () => {
    const user = star({ discover_status: 'hidden' });
    expect(kinds({ user, signals: quiet, dismissed: new Set(['listing-disabled:not-featured']) })).toEqual([
      { kind: 'get-more-chats' },
    ]);
  });

  it('asks a fan without a chat to start one, never staff', () => {
    const fan = testUser({ gender: 'male' });
    expect(kinds({ user: fan, signals: quiet })).toEqual([{ kind: 'start-first-chat' }]);
    expect(kinds({ user: fan, signals: { ...quiet, chats: 1 } })).toEqual([]);
    expect(kinds({ user: fan, signals: quiet, dismissed: new Set(['start-first-chat']) })).toEqual([]);
    expect(kinds({ user: testUser({ gender: 'male', is_staff_mo: true }), signals: quiet })).toEqual([]);
    // A fan still verifying their email is asked for that first.
    expect(kinds({ user: testUser({ gender: 'male', email_verified: false }), signals: quiet })).toEqual([
      { kind: 'verify-email', variant: 'send-code' },
    ]);
  });
});
