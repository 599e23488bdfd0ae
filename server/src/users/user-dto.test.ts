import type { UserRow } from '../db/schema';
import { isRestricted } from './user-dto';

const creator = (over: Partial<UserRow>) =>
  ({
    type: 'featured',
    requiresModeration: false,
    idVerified: false,
    idVerificationStatus: null,
    discoverStatus: 'featured',
    ...over,
  }) as UserRow;

describe('the restricted rule', () => {
  it.each([
    ['moderation required, no ID check yet', { requiresModeration: true }, true],
    [
      'moderation required, ID check pending',
      { requiresModeration: true, idVerificationStatus: 'pending' as const },
      true,
    ],
    [
      'moderation required, ID check in progress',
      { requiresModeration: true, idVerificationStatus: 'in_progress' as const },
      false,
    ],
    [
      'moderation required, ID verified',
      { requiresModeration: true, idVerified: true, idVerificationStatus: 'verified' as const },
      false,
    ],
    ['discovery denied', { discoverStatus: 'denied' as const }, true],
    ['no moderation required', {}, false],
  ])('%s -> %p', (_name, over, expected) => {
    expect(isRestricted(creator(over))).toBe(expected);
  });

  it('never applies to fans', () => {
    expect(isRestricted(creator({ type: 'user', discoverStatus: 'denied' }))).toBe(false);
  });
});
