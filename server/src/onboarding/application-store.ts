import { eq } from 'drizzle-orm';
import { type CreatorApplicationRow, creatorApplications } from '../db/schema';
import type { Queryable } from '../db/transaction';

/** The person's one application, if they ever applied; `lock` holds it for a decision. */
export async function applicationOf(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<CreatorApplicationRow | undefined> {
  const query = db.select().from(creatorApplications).where(eq(creatorApplications.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
