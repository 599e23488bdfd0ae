import type { ReportResolution } from '@cove/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { reports } from '../db/schema';
import type { Tx } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';

/** How a report was closed: what was done, why, and by whom (null from the command line). */
export interface Closing {
  reportId: string;
  reportedId: string;
  resolution: ReportResolution;
  note: string;
  staffId: string | null;
}

/** Marks a report on this person resolved, in the transaction of the action taken on it. */
export async function closeReport(tx: Tx, c: Closing): Promise<void> {
  if (!isUuid(c.reportId)) throw fail('not_found');
  const [row] = await tx
    .select({ status: reports.status })
    .from(reports)
    .where(and(eq(reports.id, c.reportId), eq(reports.reportedId, c.reportedId)))
    .for('update');
  if (!row) throw fail('not_found');
  if (row.status === 'resolved') throw fail('report_resolved');
  const now = new Date();
  await tx
    .update(reports)
    .set({
      status: 'resolved',
      resolution: c.resolution,
      resolutionNote: c.note,
      resolvedAt: now,
      updatedAt: now,
      ...(c.staffId ? { assignedTo: c.staffId } : {}),
    })
    .where(and(eq(reports.id, c.reportId), ne(reports.status, 'resolved')));
}
