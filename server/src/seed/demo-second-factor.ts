import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secondFactors, users } from '../db/schema';
import type { SecretBox } from '../second-factor/secret-box';
import { demoStaff } from './demo-applications';
import { demoReleaseManager } from './demo-releases';
import { demoEmail } from './demo-world';

/**
 * The demo staff member's authenticator secret, printed in README.md so anyone can sign in as staff:
 * add it to an authenticator app, or compute the code with the one-liner there.
 */
export const demoStaffTotpSecret = 'COVEDEMOSTAFFTOTPSECRETCOVEDEMO2';
/** The demo release manager's, beside it in README.md (a secret of its own: the two are separate people). */
export const demoReleaseTotpSecret = 'COVEDEMORELEASETOTPSECRETCOVED27';

const demoSecrets: Record<string, string> = {
  [demoEmail(demoStaff)]: demoStaffTotpSecret,
  [demoEmail(demoReleaseManager)]: demoReleaseTotpSecret,
};

/**
 * Staff and release managers must have a second factor (docs/rules.md, Second factor): the demo staff
 * member and release manager have the authenticator app set up.
 */
export async function seedDemoSecondFactor(db: Db, box: SecretBox): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(demoSecrets)));
  for (const person of people) {
    const secret = demoSecrets[person.email];
    if (!secret) continue;
    await db
      .insert(secondFactors)
      .values({ userId: person.id, secret: box.seal(person.id, secret), enabledAt: new Date() })
      .onConflictDoNothing();
  }
}
