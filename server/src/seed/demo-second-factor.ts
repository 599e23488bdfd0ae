import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secondFactors, users } from '../db/schema';
import type { SecretBox } from '../second-factor/secret-box';
import { demoStaff } from './demo-applications';
import { demoEmail } from './demo-world';

/**
 * The demo staff member's authenticator secret, printed in README.md so anyone can sign in as staff:
 * add it to an authenticator app, or compute the code with the one-liner there.
 */
export const demoStaffTotpSecret = 'COVEDEMOSTAFFTOTPSECRETCOVEDEMO2';

/** Staff must have a second factor (docs/rules.md, Second factor): the demo staff member has one set up. */
export async function seedDemoSecondFactor(db: Db, box: SecretBox): Promise<void> {
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail(demoStaff)));
  if (!staff) return;
  await db
    .insert(secondFactors)
    .values({
      userId: staff.id,
      secret: box.seal(staff.id, demoStaffTotpSecret),
      enabledAt: new Date(),
    })
    .onConflictDoNothing();
}
