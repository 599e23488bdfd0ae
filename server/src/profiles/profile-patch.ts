import { randomBytes } from 'node:crypto';
import type { ErrorCode, ProfilePatch } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type MediaRow, feedPosts, subscriptions, type UserRow, users } from '../db/schema';
import { fail, InvalidField } from '../errors';
import { mediaById } from '../media/media-store';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { generateSceneAvatar } from '../seed/avatar';
import { assertNoExclusiveClaim } from './exclusive-content';
import { type Crop, makeProfileImage, type ProfileImageDeps, type ProfileImageKind } from './profile-image';

/** What a profile change may be refused with. */
export const profilePatchCodes = [
  'forbidden',
  'not_found',
  'media_kind',
  'media_not_usable',
  'exclusive_content',
  'gone',
] as const satisfies readonly ErrorCode[];

export type ProfileDeps = EventDeps & ProfileImageDeps;

/** The caller's own ready, live photo; anyone else's media (or none) is 404, like every id. */
async function ownPhoto(deps: ProfileDeps, me: UserRow, mediaId: string): Promise<MediaRow> {
  const row = await mediaById(deps.db, mediaId);
  if (!row || row.ownerId !== me.id || row.deletedAt !== null) throw fail('not_found');
  if (row.kind !== 'image') throw fail('media_kind', 'image');
  if (row.status !== 'ready') throw fail('media_not_usable');
  return row;
}

async function profileImage(
  deps: ProfileDeps,
  me: UserRow,
  kind: ProfileImageKind,
  mediaId: string | undefined,
  crop: Crop | undefined,
): Promise<{ url: string; mediaId: string } | null> {
  if (mediaId === undefined) {
    if (crop !== undefined) throw new InvalidField(`body.${kind}_crop`, `needs ${kind}_media_id`);
    return null;
  }
  const photo = await ownPhoto(deps, me, mediaId);
  const url = await makeProfileImage(deps, photo, kind, crop);
  if (!url) throw new InvalidField(`body.${kind}_crop`, 'must cover part of the photo');
  return { url, mediaId: photo.id };
}

/**
 * `PATCH /v1/users/profile` (docs/rules.md "Profiles, feed and subscriptions"). Every check runs
 * before the first write, so a refused patch changes nothing. Prices are a creator's; a new avatar
 * of a creator is also a feed post for everyone; a price of 0 cancels the renewals of every
 * subscriber, who keep their paid period.
 */
export async function applyProfilePatch(
  deps: ProfileDeps,
  me: UserRow,
  patch: ProfilePatch,
): Promise<UserRow> {
  const creator = me.type === 'featured';
  if ((patch.subscription_price !== undefined || patch.credit_rate !== undefined) && !creator) {
    throw fail('forbidden');
  }
  if (patch.bio !== undefined) await assertNoExclusiveClaim(deps.db, me, patch.bio);
  const avatar = await profileImage(deps, me, 'avatar', patch.avatar_media_id, patch.avatar_crop);
  const cover = await profileImage(deps, me, 'cover', patch.cover_media_id, patch.cover_crop);

  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.bio !== undefined) set.bio = patch.bio;
  if (patch.subscription_price !== undefined) set.subscriptionPrice = patch.subscription_price;
  if (patch.credit_rate !== undefined) set.creditRate = patch.credit_rate;
  if (avatar) set.avatarUrl = avatar.url;
  if (cover) set.coverUrl = cover.url;
  if (Object.keys(set).length === 0) return me;

  return withEvents(
    deps,
    async (tx, emit) => {
      const [row] = await tx.update(users).set(set).where(eq(users.id, me.id)).returning();
      if (!row) throw fail('gone');
      if (avatar && creator) {
        await tx.insert(feedPosts).values({ creatorId: me.id, type: 'avatar', mediaId: avatar.mediaId });
      }
      if (patch.subscription_price === 0) {
        const canceled = await tx
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(subscriptions.creatorId, me.id), eq(subscriptions.status, 'active')))
          .returning({ fanId: subscriptions.fanId });
        for (const { fanId } of canceled) {
          emit(fanId, { type: 'subscription_updated', model_id: me.id, status: 'canceled' });
        }
      }
      return row;
    },
    { between: [me.id] },
  );
}

/**
 * `PATCH /v1/users/random_avatar`: a freshly drawn landscape (from the username and a random salt, so
 * each call gives another; never a face, which would pass for someone else). It has no media row, so it is
 * not posted to the feed.
 */
export async function setRandomAvatar(deps: ProfileDeps, me: UserRow): Promise<UserRow> {
  const url = await generateSceneAvatar(
    deps.mediaDir,
    `${me.username ?? ''}:${randomBytes(8).toString('hex')}`,
  );
  const [row] = await deps.db.update(users).set({ avatarUrl: url }).where(eq(users.id, me.id)).returning();
  if (!row) throw fail('gone');
  return row;
}
