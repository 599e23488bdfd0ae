import type { AdminApplication, ErrorCode, FeatureName, Features } from '@cove/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creatorApplications, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { actAsStaff, staffActCodes, type StaffDeps } from '../staff/act';
import { personView } from '../staff/person-view';
import { documentSides } from './id-documents';

/** What a staff decision on an application may be refused with. */
export const decideCodes = [
  ...staffActCodes,
  'not_found',
  'no_application',
  'already_creator',
  'application_rejected',
  'identity_not_verified',
] as const satisfies readonly ErrorCode[];

/** What setting a feature may be refused with. */
export const setFeatureCodes = staffActCodes;

/** `GET /v1/admin/applications`: the applications waiting for a decision, oldest first. */
export async function pendingApplications(db: Db): Promise<AdminApplication[]> {
  const rows = await db
    .select({ application: creatorApplications, user: users })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(creatorApplications.status, 'pending'))
    .orderBy(asc(creatorApplications.createdAt))
    .limit(200);
  const sides = await documentSides(
    db,
    rows.map((r) => r.application.id),
  );
  return rows.map(({ application: a, user: u }) => ({
    id: a.id,
    user_id: u.id,
    email: u.email,
    username: u.username,
    bio: u.bio,
    date_of_birth: a.dateOfBirth,
    country: a.country,
    identity_check: u.identityCheck,
    id_documents: sides.get(a.id) ?? [],
    created_at: a.createdAt.toISOString(),
  }));
}

/**
 * `POST /v1/admin/applications/:id/approve|reject`: the same decision as the CLI's approve and reject,
 * taken through the staff console's one way to act (recorded in the audit log with the reason).
 */
export async function decideApplication(
  deps: StaffDeps,
  staff: UserRow,
  applicationId: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<void> {
  const [application] = await deps.db
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.id, applicationId));
  if (!application) throw fail('not_found');
  await actAsStaff(deps, staff, application.userId, decision, { reason });
}

/** `PUT /v1/admin/users/:id/features/:name`: the CLI's `feature` command, for staff in the app. */
export async function setFeatureAsStaff(
  deps: StaffDeps,
  staff: UserRow,
  userId: string,
  change: { name: FeatureName; enabled: boolean; reason: string },
): Promise<Features> {
  await actAsStaff(deps, staff, userId, 'feature', {
    args: [change.name, change.enabled ? 'on' : 'off'],
    reason: change.reason,
  });
  return (await personView(deps.db, userId)).features;
}
