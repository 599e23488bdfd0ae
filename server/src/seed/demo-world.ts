import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { generateAvatar } from './avatar';
import { seedDemoApplications } from './demo-applications';
import { seedDemoReleaseManager } from './demo-releases';

interface DemoPerson {
  username: string;
  gender: 'male' | 'female' | 'trans';
  tags?: string[];
}

/** The small demo world every fresh install starts with; README.md lists these sign-in emails. */
export const demoCreators: DemoPerson[] = [
  { username: 'luna-rivers', gender: 'female', tags: ['music', 'travel'] },
  { username: 'mira-kent', gender: 'female', tags: ['fitness'] },
  { username: 'sasha-noir', gender: 'trans', tags: ['art', 'fashion'] },
  { username: 'nova-lake', gender: 'female', tags: ['gaming'] },
  { username: 'theo-vance', gender: 'male', tags: ['cooking'] },
  { username: 'ivy-moon', gender: 'female', tags: ['photography'] },
];
export const demoFans: DemoPerson[] = [
  { username: 'alex-fan', gender: 'male' },
  { username: 'sam-fan', gender: 'male' },
  { username: 'jordan-fan', gender: 'female' },
];
export const demoEmail = (username: string) => `${username}@demo.cove.test`;

/** Creates the demo world unless it is already there. Returns whether anything was created. */
export async function seedDemoWorld(db: Db, mediaDir: string): Promise<boolean> {
  const emails = [...demoCreators, ...demoFans].map((p) => demoEmail(p.username));
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  if (existing.length > 0) return false;

  const creators = await Promise.all(
    demoCreators.map(async (p) => ({
      email: demoEmail(p.username),
      username: p.username,
      type: 'featured' as const,
      gender: p.gender,
      tags: p.tags ?? [],
      avatarUrl: await generateAvatar(mediaDir, p.username),
      emailVerified: true,
      idVerified: true,
      idVerificationStatus: 'verified' as const,
      discoverStatus: 'featured' as const,
      introEnabled: true,
    })),
  );
  const fans = demoFans.map((p) => ({
    email: demoEmail(p.username),
    username: p.username,
    type: 'user' as const,
    gender: p.gender,
    emailVerified: true,
  }));
  await db
    .insert(users)
    .values([...creators, ...fans])
    .onConflictDoNothing();
  await seedDemoApplications(db, demoEmail);
  await seedDemoReleaseManager(db, demoEmail);
  return true;
}
