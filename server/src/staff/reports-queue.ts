import type { ErrorCode, ReportResolution, ReportStatus, StaffReport, WarningKind } from '@cove/contracts';
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminCommand } from '../admin/commands';
import type { Queryable } from '../db/transaction';
import { reports, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { closeReport } from '../reports/close-report';
import { actAsStaff, type StaffDeps } from './act';

/** What assigning or resolving a report may be refused with. */
export const reportQueueCodes = ['not_found', 'report_resolved'] as const satisfies readonly ErrorCode[];

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const assignee = alias(users, 'assignee');

const person = (u: { id: string; email: string; username: string | null }) => ({
  id: u.id,
  email: u.email,
  username: u.username,
});

/** Reports as staff read them, with the people named; `order` is the queue's oldest first by default. */
export async function staffReports(
  db: Queryable,
  where: SQL | undefined,
  newestFirst = false,
): Promise<StaffReport[]> {
  const rows = await db
    .select({ r: reports, reporter, reported, assignee })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .leftJoin(assignee, eq(assignee.id, reports.assignedTo))
    .where(where)
    .orderBy(newestFirst ? desc(reports.createdAt) : asc(reports.createdAt))
    .limit(200);
  return rows.map(({ r, reporter: by, reported: about, assignee: to }) => ({
    id: r.id,
    category: r.category,
    note: r.reason,
    status: r.status,
    reporter: person(by),
    reported: person(about),
    chat_id: r.chatId,
    post_id: r.postId,
    evidence: r.evidence,
    assigned_to: to ? person(to) : null,
    resolution: r.resolution,
    resolution_note: r.resolutionNote,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
  }));
}

/** `GET /v1/admin/reports?status=`: the queue, oldest first; without a status, every unresolved one. */
export const reportQueue = (db: Queryable, status?: ReportStatus) =>
  staffReports(db, status ? eq(reports.status, status) : inArray(reports.status, ['open', 'assigned']));

export async function oneReport(db: Queryable, id: string): Promise<StaffReport> {
  const [report] = await staffReports(db, eq(reports.id, id));
  if (!report) throw fail('not_found');
  return report;
}

/** `POST /v1/admin/reports/:id/assign`: the caller takes the report (from anyone, while it is unresolved). */
export async function assignReport(db: Queryable, staff: UserRow, id: string): Promise<StaffReport> {
  const [row] = await db
    .update(reports)
    .set({ status: 'assigned', assignedTo: staff.id, updatedAt: new Date() })
    .where(and(eq(reports.id, id), ne(reports.status, 'resolved')))
    .returning({ id: reports.id });
  if (!row) {
    await oneReport(db, id);
    throw fail('report_resolved');
  }
  return oneReport(db, id);
}

/** The command each resolution runs on the reported person. */
const commandOf: Record<ReportResolution, AdminCommand> = {
  dismiss: 'dismiss-report',
  warn: 'warn',
  freeze: 'freeze',
  ban: 'ban',
  terminate: 'terminate',
};

/**
 * `POST /v1/admin/reports/:id/resolve`: the action on the reported person and the report's closing,
 * in one transaction and one audit row, with the reason as the report's resolution note.
 */
export async function resolveReport(
  deps: StaffDeps,
  staff: UserRow,
  id: string,
  body: { action: ReportResolution; reason: string; warning?: WarningKind | undefined },
): Promise<StaffReport> {
  const report = await oneReport(deps.db, id);
  if (report.status === 'resolved') throw fail('report_resolved');
  const command = commandOf[body.action];
  await actAsStaff(deps, staff, report.reported.id, command, {
    args: command === 'warn' ? [body.warning ?? 'global'] : command === 'dismiss-report' ? [id] : [],
    reason: body.reason,
    within: (tx, user) =>
      closeReport(tx, {
        reportId: id,
        reportedId: user.id,
        resolution: body.action,
        note: body.reason,
        staffId: staff.id,
      }),
  });
  return oneReport(deps.db, id);
}
