import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { closeCodes } from '@cove/contracts';
import { and, asc, eq, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  accessTokens,
  autoMessageCategories,
  creatorApplications,
  emailCodes,
  follows,
  notes,
  payoutMethods,
  pushSubscriptions,
  savedCards,
  signInLinks,
  type StoredRendition,
  subscriptions,
  users,
} from '../db/schema';
import type { Storage } from '../storage';
import type { Tx } from '../db/transaction';
import { takeIdDocuments } from '../onboarding/id-documents';

export interface EraseDeps {
  db: Db;
  storage: Storage;
  /** Where avatars and covers are written (`<mediaDir>/public`). */
  mediaDir: string;
  realtime: { disconnectUser(userId: string, reason: string, code?: number): Promise<void> };
}

/** Files to remove once the erasure has committed: nothing is deleted for a transaction rolled back. */
interface Leftovers {
  keys: string[];
  profileImages: string[];
}

/**
 * Carries out one scheduled deletion (docs/rules.md, "Account lifecycle"), or does nothing when the
 * account is not due, already deleted, or its deletion was cancelled: the row is read again under
 * lock, so a cancel racing the sweep, or a second run, changes nothing. Personal data is erased, the
 * row stays (the ledger, payments, payouts and purchases refer to it), and media someone bought
 * stays for its buyers. Answers whether the account was erased.
 */
export async function eraseAccount(deps: EraseDeps, userId: string, now = new Date()): Promise<boolean> {
  const leftovers = await deps.db.transaction(async (tx): Promise<Leftovers | null> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt || !user.deleteAt || user.deleteAt > now) return null;
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        pendingEmail: null,
        username: null,
        gender: null,
        avatarUrl: null,
        coverUrl: null,
        bio: '',
        tags: [],
        codeUsed: null,
        subscriptionPrice: 0,
        invisible: true,
        introEnabled: false,
        discoverStatus: 'hidden',
        forceDiscover: false,
        isOnline: false,
        blockedCountries: [],
        notifyMarketing: false,
        notifyNotifications: false,
        notifyPayments: false,
        notifyPayouts: false,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.userId, user.id), isNull(accessTokens.revokedAt)));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    await tx.delete(signInLinks).where(eq(signInLinks.userId, user.id));
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    await tx.delete(savedCards).where(eq(savedCards.userId, user.id));
    await tx.delete(payoutMethods).where(eq(payoutMethods.userId, user.id));
    await tx.delete(autoMessageCategories).where(eq(autoMessageCategories.creatorId, user.id));
    // Date of birth and country; the account can never apply again, so the decision goes with them,
    // and so do their ID photos (erased from storage once this commits).
    const idPhotos = await takeIdDocuments(tx, user.id);
    await tx.delete(creatorApplications).where(eq(creatorApplications.userId, user.id));
    // What they wrote about the people they chatted with; the others' notes are the others' own.
    await tx.delete(notes).where(eq(notes.authorId, user.id));
    await tx.delete(follows).where(or(eq(follows.followerId, user.id), eq(follows.creatorId, user.id)));
    // Nothing renews for a deleted account, either way round; the sweep ends them at the period's end.
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where(
        and(
          eq(subscriptions.status, 'active'),
          or(eq(subscriptions.fanId, user.id), eq(subscriptions.creatorId, user.id)),
        ),
      );
    return {
      keys: [...(await retireMedia(tx, user.id, now)), ...idPhotos],
      profileImages: profileFiles(user),
    };
  });
  if (!leftovers) return false;
  await deps.storage.delete(leftovers.keys);
  for (const file of leftovers.profileImages) await removeProfileImage(deps, file);
  await deps.realtime.disconnectUser(userId, 'deleted', closeCodes.unauthorized);
  return true;
}

/**
 * Their media leave the vault; messages and posts carrying media nobody bought are deleted, and
 * those media's files are erased. A bought message or post, and its media, stay for the buyers
 * (docs/rules.md, "Media": a buyer sees what they paid for for good). Answers the keys to erase.
 */
async function retireMedia(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await tx.execute(sql`
    update messages m set deleted_at = ${now}
    where m.sender_id = ${userId} and m.media_id is not null and m.deleted_at is null
      and not exists (select 1 from purchases p where p.message_id = m.id)`);
  await tx.execute(sql`
    update feed_posts f set deleted_at = ${now}
    where f.creator_id = ${userId} and f.deleted_at is null
      and not exists (select 1 from feed_purchases p where p.post_id = f.id)`);
  const unbought = rowsOf<{ renditions: Record<string, StoredRendition>; original_key: string | null }>(
    await tx.execute(sql`
      update media md set deleted_at = coalesce(md.deleted_at, ${now}), renditions = '{}'::jsonb,
        original_key = null
      from media old
      where old.id = md.id and md.owner_id = ${userId}
        and not exists (select 1 from messages m join purchases p on p.message_id = m.id
                        where m.media_id = md.id)
        and not exists (select 1 from feed_posts f join feed_purchases p on p.post_id = f.id
                        where f.media_id = md.id)
      returning old.renditions, old.original_key`),
  );
  await tx.execute(sql`
    update media set deleted_at = ${now} where owner_id = ${userId} and deleted_at is null`);
  return unbought.flatMap((m) => [
    ...Object.values(m.renditions).map((r) => r.key),
    ...(m.original_key ? [m.original_key] : []),
  ]);
}

const publicPrefix = '/media/public/';

function profileFiles(user: { avatarUrl: string | null; coverUrl: string | null }): string[] {
  return [user.avatarUrl, user.coverUrl].flatMap((url) =>
    url?.startsWith(publicPrefix) && !url.slice(publicPrefix.length).includes('/')
      ? [url.slice(publicPrefix.length)]
      : [],
  );
}

/** Profile images are named by their content, so one another account also shows is kept. */
async function removeProfileImage(deps: EraseDeps, file: string): Promise<void> {
  const url = publicPrefix + file;
  const [shared] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.avatarUrl, url), eq(users.coverUrl, url)))
    .limit(1);
  if (!shared) await unlink(join(deps.mediaDir, 'public', file)).catch(() => undefined);
}

/**
 * The deletion sweep (every minute, one instance at a time; tests pass their own `now`): every account
 * whose `delete_at` has come is erased, one at a time. One that fails is left for the next sweep, and
 * the sweep then fails so the job's log shows it. Answers how many accounts it erased.
 */
export async function eraseDueAccounts(deps: EraseDeps, now = new Date(), batch = 50): Promise<number> {
  const passed: string[] = [];
  const failed: string[] = [];
  let firstError: unknown;
  let erased = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.deleteAt),
          lte(users.deleteAt, now),
          isNull(users.deletedAt),
          passed.length > 0 ? notInArray(users.id, passed) : undefined,
        ),
      )
      .orderBy(asc(users.deleteAt))
      .limit(batch);
    if (due.length === 0) break;
    for (const { id } of due) {
      try {
        // false: cancelled or erased since the lookup, so no longer due.
        if (await eraseAccount(deps, id, now)) erased++;
        else passed.push(id);
      } catch (err) {
        passed.push(id);
        failed.push(id);
        firstError ??= err;
      }
    }
  }
  if (failed.length > 0) {
    throw new Error(`account deletions failed for ${failed.join(', ')}`, { cause: firstError });
  }
  return erased;
}
