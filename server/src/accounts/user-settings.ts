import { type ErrorCode, isReservedName, messages, usernameProblem, type UserPatch } from '@cove/contracts';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { fail } from '../errors';

/** What changing one's own settings may be refused with. */
export const userSettingsCodes = [
  'forbidden',
  'invalid_username',
  'username_taken',
  'code_already_used',
  'too_many_tags',
  'exclusive_content',
  'gone',
] as const satisfies readonly ErrorCode[];

export const DELETION_GRACE_DAYS = 30;

/**
 * Whether a username is free for this user (case-insensitive), after the spec's format rules. A name
 * that is one of Cove's own paths (`/login`, `/v1`: contracts' `reservedNames`) reads as taken: it
 * could never be a public page (docs/rules.md, Public pages).
 */
export async function usernameAvailability(db: Db, username: string, userId: string): Promise<string | null> {
  const problem = usernameProblem(username);
  if (problem) return problem;
  if (isReservedName(username)) return messages.usernameTaken;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return taken ? messages.usernameTaken : null;
}

/**
 * Applies the owner's own changes (`targetId` must be their own id: no one changes another's
 * settings); returns the updated row and whether deletion scheduling changed.
 */
export async function applyUserPatch(
  db: Db,
  user: UserRow,
  targetId: string,
  patch: UserPatch,
): Promise<{ row: UserRow; deletionChanged: boolean }> {
  if (targetId !== user.id) throw fail('forbidden');
  const set: PgUpdateSetSource<typeof users> = {};
  if (patch.username !== undefined) {
    const problem = await usernameAvailability(db, patch.username, user.id);
    if (problem === messages.usernameTaken) throw fail('username_taken');
    if (problem) throw fail('invalid_username', problem);
    set.username = patch.username;
  }
  if (patch.gender !== undefined) set.gender = patch.gender;
  if (patch.code_used !== undefined) {
    if (user.codeUsed !== null && user.codeUsed !== patch.code_used) {
      throw fail('code_already_used');
    }
    set.codeUsed = patch.code_used;
    // The referrer, resolved once: a creator with that username, never oneself (docs/rules.md, Referrals).
    set.referrerId = sql`(select r.id from ${users} r where lower(r.username) = lower(${patch.code_used})
      and r.type = 'featured' and r.id <> ${user.id})`;
  }
  if (patch.invisible !== undefined) set.invisible = patch.invisible;
  if (patch.intro_enabled !== undefined) set.introEnabled = patch.intro_enabled;
  if (patch.private_feed !== undefined) set.privateFeed = patch.private_feed;
  if (patch.utc_offset !== undefined) set.utcOffset = patch.utc_offset;
  const n = patch.notification_settings;
  if (n?.marketing !== undefined) set.notifyMarketing = n.marketing;
  if (n?.notifications !== undefined) set.notifyNotifications = n.notifications;
  if (n?.payments !== undefined) set.notifyPayments = n.payments;
  if (n?.payouts !== undefined) set.notifyPayouts = n.payouts;
  let deletionChanged = false;
  if (patch.deleted_scheduled !== undefined && patch.deleted_scheduled !== (user.deleteAt !== null)) {
    set.deleteAt = patch.deleted_scheduled ? new Date(Date.now() + DELETION_GRACE_DAYS * 86_400_000) : null;
    deletionChanged = true;
  }
  if (Object.keys(set).length === 0) return { row: user, deletionChanged };
  try {
    // From delete_at the account is gone (docs/rules.md): too late to cancel or change anything.
    const [row] = await db
      .update(users)
      .set(set)
      .where(and(eq(users.id, user.id), or(isNull(users.deleteAt), gt(users.deleteAt, sql`now()`))))
      .returning();
    if (!row) throw fail('gone');
    return { row, deletionChanged };
  } catch (err) {
    // Two people racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw fail('username_taken');
    throw err;
  }
}

export async function addTag(db: Db, user: UserRow, tag: string): Promise<string[]> {
  const clean = tag.toLowerCase();
  if (user.tags.includes(clean)) return user.tags;
  if (user.tags.length >= 20) throw fail('too_many_tags');
  const [row] = await db
    .update(users)
    .set({ tags: sql`array_append(${users.tags}, ${clean})` })
    .where(eq(users.id, user.id))
    .returning({ tags: users.tags });
  return row?.tags ?? user.tags;
}
