import type { AuditEntry } from '@cove/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminActions } from '../db/schema';

const PAGE = 50;

/** `GET /v1/admin/audit`: the audit log, newest first, a page at a time, for one person or everyone. */
export async function auditLog(
  db: Db,
  query: { target?: string | undefined; before?: string | undefined },
): Promise<{ entries: AuditEntry[]; next_before: string | null }> {
  const rows = await db
    .select()
    .from(adminActions)
    .where(
      and(
        query.target ? eq(adminActions.targetUserId, query.target) : undefined,
        query.before ? lt(adminActions.createdAt, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(PAGE);
  const entries = rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    command: r.command,
    target_user_id: r.targetUserId,
    args: r.args,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
  return { entries, next_before: rows.length === PAGE ? (entries.at(-1)?.created_at ?? null) : null };
}
