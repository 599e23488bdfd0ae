import type { DiscoverWarning, ReportResolution, StaffAction, User } from '@cove/contracts';

/** What a moderator (not full staff) may do; the server decides the same (docs/rules.md). */
const moderatorMay: ReadonlySet<StaffAction | ReportResolution> = new Set([
  'warn',
  'freeze',
  'unfreeze',
  'penalize',
  'lift-penalty',
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

/** A creator's place on the visibility ladder, in words (docs/rules.md, Creator signals). */
export const ladderLabels: Record<DiscoverWarning['level'], string> = {
  punishment_alert: 'First warning',
  final_punishment_alert: 'Final warning',
  penalty: 'Penalty: shown after other creators',
};

/** What `penalize` does next: warn, warn a final time, then lower their place for 7 days. */
export function nextLadderStep(w: DiscoverWarning | null): string {
  if (!w) return 'a first warning (30 days)';
  if (w.level === 'punishment_alert') return 'a final warning (30 days)';
  return 'a penalty: shown after every other creator in Discover for 7 days';
}

/** When a report was made, briefly. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
