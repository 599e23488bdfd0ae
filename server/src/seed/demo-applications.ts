import type { Db } from '../db/client';
import { creatorApplications, users } from '../db/schema';

/** The demo's staff member, who reviews applications at /account/applications. */
export const demoStaff = 'cove-staff';
/** A fan whose application to become a creator passed the identity check and waits for staff. */
export const demoApplicant = 'riley-applicant';

/**
 * The demo world's side of becoming a creator (docs/rules.md): a staff account, and one application
 * pending review, so the Applications page has something to decide on. `demoEmail` is the demo world's
 * address for a username (passed in: the demo world calls this).
 */
export async function seedDemoApplications(db: Db, demoEmail: (username: string) => string): Promise<void> {
  const [applicant] = await db
    .insert(users)
    .values([
      { email: demoEmail(demoStaff), username: demoStaff, emailVerified: true, isStaff: true },
      {
        email: demoEmail(demoApplicant),
        username: demoApplicant,
        gender: 'female',
        emailVerified: true,
        bio: 'Watercolours and quiet music. Applying to share the process.',
        requiresModeration: true,
        idVerificationStatus: 'in_progress',
        identityCheck: 'verified',
        discoverStatus: 'hidden',
      },
    ])
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username })
    .then((rows) => rows.filter((r) => r.username === demoApplicant));
  if (!applicant) return;
  await db
    .insert(creatorApplications)
    .values({ userId: applicant.id, dateOfBirth: '1994-06-12', country: 'PT' })
    .onConflictDoNothing();
}
