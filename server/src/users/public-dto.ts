import type { PublicProfile } from '@cove/contracts';
import type { UserRow } from '../db/schema';

/**
 * A person as anyone signed in sees them: the fields every public view carries (a chat's other
 * member, a discover card, a profile), each of which adds its own.
 */
export function toPublicUser(u: UserRow): PublicProfile {
  return {
    _id: u.id,
    username: u.username,
    type: u.type,
    gender: u.gender,
    avatar_url: u.avatarUrl,
    last_online: u.lastOnline?.toISOString() ?? null,
    is_online: u.isOnline,
    intro_enabled: u.introEnabled,
  };
}

/** The public person with what a creator shows to fans deciding whether to write: discover cards and profiles. */
export function toPublicCreator(u: UserRow) {
  return {
    ...toPublicUser(u),
    tags: u.tags,
    bio: u.bio,
    cover_url: u.coverUrl,
    credit_rate: u.creditRate,
    subscription_price: u.subscriptionPrice,
  };
}
