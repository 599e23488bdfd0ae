import { eq } from 'drizzle-orm';
import { creatorApplications, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import type { Emit } from '../realtime/with-events';
import { applicationOf } from './application-store';
import type { Tx } from '../db/transaction';
import { addNotification } from '../notifications/add';

/** Who decided and how their decision reaches the person (inside the caller's `withEvents`). */
export interface Decider {
  actor: string;
  emit: Emit;
}

/**
 * Approves the person (docs/rules.md, "Becoming a creator"): a creator, ID verified, moderation done,
 * featured in discovery; `approved` tells their pages. An applicant must have passed the identity
 * check; a creator made by the `make-creator` command (no application) is approved as is.
 */
export async function approveCreator(tx: Tx, user: UserRow, { actor, emit }: Decider): Promise<void> {
  const application = await applicationOf(tx, user.id, true);
  if (application) {
    if (application.status === 'approved') throw fail('already_creator');
    if (application.status === 'rejected') throw fail('application_rejected');
    if (user.identityCheck !== 'verified') throw fail('identity_not_verified');
    await tx
      .update(creatorApplications)
      .set({ status: 'approved', decidedBy: actor, decidedAt: new Date() })
      .where(eq(creatorApplications.id, application.id));
  } else if (user.type !== 'featured') {
    throw fail('no_application');
  }
  await tx
    .update(users)
    .set({
      type: 'featured',
      idVerified: true,
      idVerificationStatus: 'verified',
      requiresModeration: false,
      discoverStatus: 'featured',
    })
    .where(eq(users.id, user.id));
  emit(user.id, { type: 'approved' });
  await addNotification(tx, emit, [user.id], {
    kind: 'application',
    detail: 'approved',
    url: '/account/apply',
  });
}

/**
 * Rejects the person for good: their application (if any) and ID check rejected, discovery denied
 * (so a creator is restricted); `onboarding_rejected` tells their pages. They cannot apply again.
 */
export async function rejectCreator(tx: Tx, user: UserRow, { actor, emit }: Decider): Promise<void> {
  const application = await applicationOf(tx, user.id, true);
  if (application?.status === 'approved') throw fail('already_creator');
  if (application?.status === 'pending') {
    await tx
      .update(creatorApplications)
      .set({ status: 'rejected', decidedBy: actor, decidedAt: new Date() })
      .where(eq(creatorApplications.id, application.id));
  }
  await tx
    .update(users)
    .set({ idVerificationStatus: 'rejected', discoverStatus: 'denied' })
    .where(eq(users.id, user.id));
  emit(user.id, { type: 'onboarding_rejected' });
  await addNotification(tx, emit, [user.id], {
    kind: 'application',
    detail: 'rejected',
    url: '/account/apply',
  });
}
