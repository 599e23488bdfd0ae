import type { ReportResolution, StaffAction, User } from '@cove/contracts';

/** What a moderator (not full staff) may do; the server decides the same (docs/rules.md). */
const moderatorMay: ReadonlySet<StaffAction | ReportResolution> = new Set([
  'warn',
  'freeze',
  'unfreeze',
  'dismiss',
]);

export const mayDo = (user: Pick<User, 'is_staff' | 'is_staff_mo'>, action: StaffAction | ReportResolution) =>
  user.is_staff || (user.is_staff_mo && moderatorMay.has(action));

export const resolutionLabels: Record<ReportResolution, string> = {
  dismiss: 'Close without action',
  warn: 'Warn',
  freeze: 'Freeze',
  ban: 'Ban',
  terminate: 'Terminate',
};

/** When a report was made, briefly. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
