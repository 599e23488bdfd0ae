import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { isSupport } from '../support/support-account';

export const cannotChat = () => fail('chat_refused');
const frozenError = () => fail('frozen');

const isStaff = (u: UserRow) => u.isStaff || u.isStaffMo;

/**
 * A frozen account may talk to the support account only (docs/rules.md, Frozen accounts): every other
 * open, send, tip, unlock and subscription answers the spec's frozen text.
 */
export function assertNotFrozen(me: UserRow, toSupport = false): void {
  if (me.frozen && !toSupport) throw frozenError();
}

/**
 * Whether the account is gone for others: banned, terminated, deleted, or past its scheduled deletion.
 * For a row already here; queries and the database's functions ask `user_gone` (src/db/functions/chats),
 * which reads the same (test/chats/user-gone.test.ts).
 */
export function isGone(u: UserRow, now = new Date()): boolean {
  return (
    u.bannedAt !== null ||
    u.terminatedAt !== null ||
    u.deletedAt !== null ||
    (u.deleteAt !== null && u.deleteAt <= now)
  );
}

/**
 * Who may talk to whom (docs/rules.md): a fan with a creator; staff with anyone (support); never two
 * fans; two creators only when one of them is staff.
 */
export function assertPairAllowed(me: UserRow, other: UserRow): void {
  if (me.id === other.id) throw fail('own_chat');
  if (isGone(other)) throw fail('gone');
  assertNotFrozen(me, isSupport(other));
  if (isStaff(me) || isStaff(other)) return;
  if (me.type === other.type) throw cannotChat();
}

/**
 * In a fan-creator pair, the fan; null for staff pairs and creator pairs. The database's functions
 * ask `is_fan_of` (src/db/functions/chats/is-fan-of.sql); test/chats/fan-of.test.ts holds the two together.
 */
export function fanOf(a: UserRow, b: UserRow): UserRow | null {
  if (a.type === 'user' && b.type === 'featured' && !isStaff(a)) return a;
  if (b.type === 'user' && a.type === 'featured' && !isStaff(b)) return b;
  return null;
}
