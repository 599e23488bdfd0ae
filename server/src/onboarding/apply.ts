import { applyBody, type ApplyBody, type ErrorCode, type IdVerification, messages } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { creatorApplications, type UserRow, users } from '../db/schema';
import { usernameAvailability } from '../accounts/user-settings';
import { adultBirthDate } from '../earnings/aml';
import { fail } from '../errors';
import { assertNoExclusiveClaim } from '../profiles/exclusive-content';
import { applicationOf } from './application-store';
import { verificationState } from './id-verification';

/** What applying to become a creator may be refused with. */
export const applyCodes = [
  'application_rejected',
  'already_creator',
  'application_pending',
  'bad_date_of_birth',
  'username_taken',
  'invalid_username',
  'gone',
] as const satisfies readonly ErrorCode[];

/**
 * `POST /v1/users/apply` (docs/rules.md, "Becoming a creator"): a fan of 18 or older applies once.
 * The username and bio go on their profile now; the person stays a fan, with moderation required and
 * hidden from discovery, until staff decide. A rejected person can never apply again.
 */
export async function applyToBecomeCreator(
  db: Db,
  me: UserRow,
  input: ApplyBody,
  now = new Date(),
): Promise<IdVerification> {
  const body = applyBody.parse(input);
  if (me.idVerificationStatus === 'rejected') throw fail('application_rejected');
  const earlier = await applicationOf(db, me.id);
  if (earlier?.status === 'rejected') throw fail('application_rejected');
  if (me.type === 'featured' || earlier?.status === 'approved') throw fail('already_creator');
  if (earlier) throw fail('application_pending');
  if (!adultBirthDate(body.date_of_birth, now)) throw fail('bad_date_of_birth');
  const problem = await usernameAvailability(db, body.username, me.id);
  if (problem === messages.usernameTaken) throw fail('username_taken');
  if (problem) throw fail('invalid_username', problem);
  await assertNoExclusiveClaim(db, me, body.bio);

  try {
    return await db.transaction(async (tx) => {
      const [application] = await tx
        .insert(creatorApplications)
        .values({ userId: me.id, dateOfBirth: body.date_of_birth, country: body.country })
        .returning();
      const [user] = await tx
        .update(users)
        .set({
          username: body.username,
          bio: body.bio,
          requiresModeration: true,
          idVerificationStatus: 'pending',
          identityCheck: null,
          discoverStatus: 'hidden',
        })
        .where(eq(users.id, me.id))
        .returning();
      if (!application || !user) throw fail('gone');
      return verificationState(user, application);
    });
  } catch (err) {
    // Two applications at once (one wins the user_id key), or someone took the name meanwhile.
    if (isUniqueViolation(err)) {
      throw (await applicationOf(db, me.id)) ? fail('application_pending') : fail('username_taken');
    }
    throw err;
  }
}
