import { messages } from '@cove/contracts';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';

export const cannotChat = () =>
  new AppError(403, "Sorry, you can't create a chat with this user right now", 'chat_refused');
export const frozenError = () => new AppError(423, messages.frozen, 'frozen');

const isStaff = (u: UserRow) => u.isStaff || u.isStaffMo;

/** Whether the account is gone for others: banned, terminated, or past its scheduled deletion. */
export function isGone(u: UserRow, now = new Date()): boolean {
  return u.bannedAt !== null || u.terminatedAt !== null || (u.deleteAt !== null && u.deleteAt <= now);
}

/**
 * Who may talk to whom (docs/rules.md): a fan with a creator; staff with anyone (support); never two
 * fans; two creators only when one of them is staff.
 */
export function assertPairAllowed(me: UserRow, other: UserRow): void {
  if (me.id === other.id) throw new AppError(400, 'Can not create chat with your own user.', 'own_chat');
  if (isGone(other)) throw new AppError(410, messages.accountGone, 'gone');
  if (me.frozen) throw frozenError();
  if (isStaff(me) || isStaff(other)) return;
  if (me.type === other.type) throw cannotChat();
}

/** In a fan-creator pair, the fan; null for staff pairs and creator pairs. */
export function fanOf(a: UserRow, b: UserRow): UserRow | null {
  if (a.type === 'user' && b.type === 'featured' && !isStaff(a)) return a;
  if (b.type === 'user' && a.type === 'featured' && !isStaff(b)) return b;
  return null;
}
