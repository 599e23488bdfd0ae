import type { Db } from '../db/client';
import { users } from '../db/schema';

/** The demo's release manager, who publishes and rolls back remotes at /account/releases. */
export const demoReleaseManager = 'cove-release';

/**
 * The demo world's release manager (docs/rules.md, Releases): an account of its own, as the role is
 * granted on its own (`npm run admin -- grant-release-manager`), apart from staff.
 */
export async function seedDemoReleaseManager(db: Db, demoEmail: (username: string) => string): Promise<void> {
  await db
    .insert(users)
    .values({
      email: demoEmail(demoReleaseManager),
      username: demoReleaseManager,
      // A finished profile: the page asks nothing of her before the Releases page.
      gender: 'female',
      emailVerified: true,
      isReleaseManager: true,
    })
    .onConflictDoNothing();
}
