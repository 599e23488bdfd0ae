import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../../../server/src/auth/tokens';
import { users } from '../../../server/src/db/schema';
import { seedDemoChats } from '../../../server/src/seed/demo-chats';
import { seedDemoProfiles } from '../../../server/src/seed/demo-profiles';
import { demoEmail, seedDemoWorld } from '../../../server/src/seed/demo-world';
import type { Cove } from '../system';

/**
 * The world a fresh install starts with, as far as the measured pages show it: the demo creators
 * (avatars, bios, luna-rivers' cover and posts) and alex-fan's chats with three of them. Answers
 * alex-fan's session and luna-rivers' id and username, whose profile and public page are measured.
 */
export async function seedDemo(cove: Cove) {
  await seedDemoWorld(cove.db, join(cove.dataDir, 'media'));
  await seedDemoChats(cove.app);
  await seedDemoProfiles(cove.app);
  const idOf = async (name: string) => {
    const [row] = await cove.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(name)));
    if (!row) throw new Error(`${name} was not seeded`);
    return row.id;
  };
  const fan = await idOf('alex-fan');
  return {
    fanToken: await issueAccessToken(cove.db, fan),
    creatorId: await idOf('luna-rivers'),
    creatorName: 'luna-rivers',
  };
}
