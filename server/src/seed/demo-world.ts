import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { generateAvatar, generateCover } from './avatar';
import { seedDemoApplications } from './demo-applications';
import { seedDemoReleaseManager } from './demo-releases';
import { lifted as noWarnings, nextStep } from '../discover/punishment';

interface DemoPerson {
  username: string;
  gender: 'male' | 'female' | 'trans';
  tags?: string[];
  /** Minutes east of UTC, as their browser would say (the Nearby tab). */
  utcOffset: number;
  /** Staff featured them; the others are on the Everyone tab only. */
  featured?: boolean;
  /** Turned the invisible setting on: in no tab and without a public page (the banner says so). */
  invisible?: boolean;
  /** Staff's first Discover warning stands (docs/rules.md, Creator signals). */
  warned?: string;
}

/** The small demo world every fresh install starts with; README.md lists these sign-in emails. */
export const demoCreators: DemoPerson[] = [
  { username: 'luna-rivers', gender: 'female', tags: ['music', 'travel'], utcOffset: -300, featured: true },
  { username: 'mira-kent', gender: 'female', tags: ['fitness'], utcOffset: -480, featured: true },
  {
    username: 'sasha-noir',
    gender: 'trans',
    tags: ['art', 'fashion'],
    utcOffset: 60,
    featured: true,
    warned: 'Posted another artist’s work as her own',
  },
  { username: 'nova-lake', gender: 'female', tags: ['gaming'], utcOffset: 0, featured: true },
  { username: 'theo-vance', gender: 'male', tags: ['cooking'], utcOffset: 600 },
  { username: 'ivy-moon', gender: 'female', tags: ['photography'], utcOffset: 60 },
  {
    username: 'wren-hale',
    gender: 'female',
    tags: ['poetry'],
    utcOffset: -300,
    featured: true,
    invisible: true,
  },
];
export const demoFans: DemoPerson[] = [
  { username: 'alex-fan', gender: 'male', utcOffset: -300 },
  { username: 'sam-fan', gender: 'male', utcOffset: 0 },
  { username: 'jordan-fan', gender: 'female', utcOffset: 60 },
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
      avatarUrl: await generateAvatar(mediaDir, p.username, p.gender),
      coverUrl: await generateCover(mediaDir, p.username),
      emailVerified: true,
      idVerified: true,
      idVerificationStatus: 'verified' as const,
      discoverStatus: p.featured ? ('featured' as const) : ('hidden' as const),
      utcOffset: p.utcOffset,
      introEnabled: true,
      invisible: p.invisible ?? false,
      ...(p.warned ? { ...nextStep(noWarnings, p.warned) } : {}),
    })),
  );
  const fans = demoFans.map((p) => ({
    email: demoEmail(p.username),
    username: p.username,
    type: 'user' as const,
    gender: p.gender,
    utcOffset: p.utcOffset,
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
