import type { AdminApplication, ErrorCode, FeatureName, Features } from '@cove/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminActions, creatorApplications, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { approveCreator, rejectCreator } from './decide';
import { setUserFeature } from './features';

/** What a staff decision on an application may be refused with. */
export const decideCodes = [
  'not_found',
  'no_application',
  'already_creator',
  'application_rejected',
  'identity_not_verified',
] as const satisfies readonly ErrorCode[];

/** What setting a feature may be refused with. */
export const setFeatureCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/** How a staff member's actions from the app are recorded beside the CLI's (admin_actions.actor). */
const staffActor = (staff: UserRow) => `staff:${staff.email}`;

/** `GET /v1/admin/applications`: the applications waiting for a decision, oldest first. */
export async function pendingApplications(db: Db): Promise<AdminApplication[]> {
  const rows = await db
    .select({ application: creatorApplications, user: users })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(creatorApplications.status, 'pending'))
    .orderBy(asc(creatorApplications.createdAt))
    .limit(200);
  return rows.map(({ application: a, user: u }) => ({
    id: a.id,
    user_id: u.id,
    email: u.email,
    username: u.username,
    bio: u.bio,
    date_of_birth: a.dateOfBirth,
    country: a.country,
    identity_check: u.identityCheck,
    created_at: a.createdAt.toISOString(),
  }));
}

/**
 * `POST /v1/admin/applications/:id/approve|reject`: the same decision as the CLI's approve and reject,
 * recorded in admin_actions with the staff member as actor.
 */
export async function decideApplication(
  deps: EventDeps,
  staff: UserRow,
  applicationId: string,
  decision: 'approve' | 'reject',
): Promise<void> {
  await withEvents(deps, async (tx, emit) => {
    const [application] = await tx
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.id, applicationId));
    if (!application) throw fail('not_found');
    const [user] = await tx.select().from(users).where(eq(users.id, application.userId)).for('update');
    if (!user) throw fail('not_found');
    const decider = { actor: staffActor(staff), emit };
    if (decision === 'approve') await approveCreator(tx, user, decider);
    else await rejectCreator(tx, user, decider);
    await tx
      .insert(adminActions)
      .values({ actor: decider.actor, command: decision, targetUserId: user.id, args: [] });
  });
}

/** `PUT /v1/admin/users/:id/features/:name`: the CLI's `feature` command, for staff in the app. */
export async function setFeatureAsStaff(
  deps: EventDeps,
  staff: UserRow,
  userId: string,
  name: FeatureName,
  enabled: boolean,
): Promise<Features> {
  return withEvents(deps, async (tx, emit) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw fail('not_found');
    const features = await setUserFeature(tx, emit, user, name, enabled);
    await tx.insert(adminActions).values({
      actor: staffActor(staff),
      command: 'feature',
      targetUserId: user.id,
      args: [name, enabled ? 'on' : 'off'],
    });
    return features;
  });
}
