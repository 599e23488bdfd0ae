import type { BlockedPage } from '@cove/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blocks, users } from '../db/schema';
import { toPublicUser } from '../users/public-dto';

/**
 * `GET /v1/users/blocked`: the people the caller blocked, newest block first, a page at a time
 * (docs/rules.md, Blocked people). Unblocking is `DELETE /v1/users/:id/block`.
 */
export async function blockedPeople(
  db: Db,
  me: string,
  page: { limit: number; offset: number },
): Promise<BlockedPage> {
  const rows = await db
    .select({ person: users, at: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt), blocks.blockedId)
    .limit(page.limit + 1)
    .offset(page.offset);
  const more = rows.length > page.limit;
  return {
    data: rows
      .slice(0, page.limit)
      .map((r) => ({ user: toPublicUser(r.person), blocked_at: r.at.toISOString() })),
    next: more
      ? `/v1/users/blocked?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset + page.limit) })}`
      : null,
  };
}
