import type { ErrorCode } from '@cove/contracts';
import { type AdminCommand, AdminCommandError, type AdminNotifier, runAdminCommand } from '../admin/commands';
import { userRow } from '../chats/chat-store';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Tx } from '../db/transaction';
import { fail } from '../errors';

/** How a staff member's actions from the app are recorded beside the CLI's (admin_actions.actor). */
export const staffActor = (staff: UserRow) => `staff:${staff.email}`;

/**
 * What a moderator (`is_staff_mo` without `is_staff`) may do (docs/rules.md, Reports and the staff
 * console): warn, freeze and unfreeze, step or lift a creator's visibility ladder, and close reports.
 * Everything else needs `is_staff`.
 */
const moderatorMay: ReadonlySet<AdminCommand | PaymentCommand> = new Set([
  'warn',
  'freeze',
  'unfreeze',
  'dismiss-report',
  'penalize',
  'lift-penalty',
]);

/** What a staff action may be refused with. */
export const staffActCodes = [
  'user_not_found',
  'moderator_not_allowed',
  'staff_action_refused',
] as const satisfies readonly ErrorCode[];

/** What staff do to one payment from the console (payments/admin-actions.ts runs it, as for the CLI). */
export type PaymentCommand = 'refund' | 'chargeback';

export function assertMay(staff: UserRow, command: AdminCommand | PaymentCommand): void {
  if (!staff.isStaff && !(staff.isStaffMo && moderatorMay.has(command))) throw fail('moderator_not_allowed');
}

export interface StaffDeps {
  db: Db;
  realtime: AdminNotifier;
}

/**
 * One action by a staff member on a person, from the console: checked against their role, then run
 * by `runAdminCommand` like the CLI's, so it lands in the audit log with who, what, why and when.
 */
export async function actAsStaff(
  deps: StaffDeps,
  staff: UserRow,
  userId: string,
  command: AdminCommand,
  opts: { args?: string[]; reason: string; within?: (tx: Tx, user: UserRow) => Promise<void> },
): Promise<string> {
  assertMay(staff, command);
  const target = await userRow(deps.db, userId);
  if (!target) throw fail('user_not_found');
  if (target.id === staff.id) throw fail('staff_action_refused', 'Staff can not act on their own account.');
  if ((target.isStaff || target.isStaffMo) && !staff.isStaff) throw fail('moderator_not_allowed');
  try {
    return await runAdminCommand(deps.db, deps.realtime, {
      actor: staffActor(staff),
      command,
      userId: target.id,
      args: opts.args ?? [],
      reason: opts.reason,
      ...(opts.within ? { within: opts.within } : {}),
    });
  } catch (err) {
    if (err instanceof AdminCommandError) throw fail('staff_action_refused', err.message);
    throw err;
  }
}
