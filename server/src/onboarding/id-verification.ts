import { randomBytes } from 'node:crypto';
import type { ErrorCode, IdVerification } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CreatorApplicationRow, creatorApplications, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { applicationOf } from './application-store';
import { idDocumentOf } from './id-documents';

/** What starting the identity check may be refused with. */
export const identityCheckCodes = [
  'no_application',
  'gone',
  'identity_check_not_open',
] as const satisfies readonly ErrorCode[];

/** The sandbox identity provider's page for one check. */
export const checkUrl = (checkId: string) => `/sandbox/identity/${checkId}`;

/** Where the person's application and identity check stand (`GET /v1/users/id-verification`). */
export function verificationState(
  user: UserRow,
  application: CreatorApplicationRow | undefined,
): IdVerification {
  const open = application?.status === 'pending' && application.checkId !== null;
  return {
    application: application?.status ?? 'none',
    id_verification_status: user.idVerificationStatus,
    identity_check: user.identityCheck,
    check_url: open && user.identityCheck === 'in_progress' ? checkUrl(application.checkId ?? '') : null,
  };
}

export async function idVerificationOf(db: Db, me: UserRow): Promise<IdVerification> {
  return verificationState(me, await applicationOf(db, me.id));
}

/**
 * `POST /v1/users/id-verification`: opens an identity check for a pending application that has none
 * open and has not passed one: the first, or a new one after `retake`. The earlier check's page is
 * void from then on (a new id).
 */
export async function startIdentityCheck(db: Db, me: UserRow): Promise<IdVerification> {
  return db.transaction(async (tx) => {
    const application = await applicationOf(tx, me.id, true);
    if (application?.status !== 'pending') throw fail('no_application');
    const [user] = await tx.select().from(users).where(eq(users.id, me.id)).for('update');
    if (!user) throw fail('gone');
    if (user.identityCheck === 'verified') throw fail('identity_check_not_open');
    if (user.identityCheck === 'in_progress' && application.checkId)
      return verificationState(user, application);
    const checkId = `idc_${randomBytes(16).toString('hex')}`;
    const [opened] = await tx
      .update(creatorApplications)
      .set({ checkId })
      .where(eq(creatorApplications.id, application.id))
      .returning();
    const [updated] = await tx
      .update(users)
      .set({ identityCheck: 'in_progress', idVerificationStatus: 'in_progress' })
      .where(eq(users.id, me.id))
      .returning();
    if (!opened || !updated) throw fail('gone');
    return verificationState(updated, opened);
  });
}

/**
 * The identity provider's result for one check, as its webhook would bring it: `verified` leaves the
 * ID for staff to review with the application (status stays in_progress), and needs the photo of the
 * ID document's front taken on the page; `retake` asks for a new check (status back to pending). Only
 * the open check of a pending application counts; false otherwise.
 */
export async function recordIdentityResult(
  db: Db,
  checkId: string,
  outcome: 'verified' | 'retake',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.checkId, checkId))
      .for('update');
    if (application?.status !== 'pending') return false;
    const [user] = await tx.select().from(users).where(eq(users.id, application.userId)).for('update');
    if (user?.identityCheck !== 'in_progress') return false;
    if (outcome === 'verified' && !(await idDocumentOf(tx, application.id, 'front')))
      throw fail('id_document_required');
    await tx
      .update(users)
      .set(
        outcome === 'verified'
          ? { identityCheck: 'verified', idVerificationStatus: 'in_progress' }
          : { identityCheck: 'retake', idVerificationStatus: 'pending' },
      )
      .where(eq(users.id, user.id));
    return true;
  });
}

/**
 * The application whose sandbox check page is still open (pending, its check under way), or null.
 */
export async function openCheck(db: Db, checkId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: creatorApplications.id, status: creatorApplications.status, check: users.identityCheck })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(creatorApplications.checkId, checkId));
  return row?.status === 'pending' && row.check === 'in_progress' ? row.id : null;
}
