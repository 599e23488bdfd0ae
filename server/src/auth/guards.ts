import type { ErrorCode } from '@cove/contracts';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { fail, type RouteCodes } from '../errors';

/** The signed-in user of this request; throws 401 'Please sign in' when there is none. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw fail('unauthorized');
  return request.user;
}

/** `release_manager`: granted by the admin CLI alone; staff are not release managers (docs/rules.md). */
export type Role = 'user' | 'featured' | 'staff' | 'release_manager';

/** Support staff, either kind. */
export const isStaff = (user: UserRow): boolean => user.isStaff || user.isStaffMo;

function hasRole(user: UserRow, role: Role): boolean {
  if (role === 'staff') return isStaff(user);
  if (role === 'release_manager') return user.isReleaseManager;
  return user.type === role;
}

/** What each guard answers when it refuses, so a route that uses it declares those statuses. */
const guardCodes = new WeakMap<object, readonly ErrorCode[]>();

/** The codes of the guards among a route's `onRequest` hooks. */
export const guardedCodes: RouteCodes = (route) =>
  [route.onRequest]
    .flat()
    .flatMap((hook) => (typeof hook === 'function' ? (guardCodes.get(hook) ?? []) : []));

/** onRequest guard: any signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  currentUser(request);
}
guardCodes.set(requireUser, ['unauthorized']);

/** Roles whose routes also need a session that passed the second factor (docs/rules.md, Second factor). */
const factorRoles: readonly Role[] = ['staff', 'release_manager'];

/**
 * onRequest guard: a signed-in user holding one of the roles (fan `user`, creator `featured`, `staff`,
 * `release_manager`). Staff and release routes also need a session that passed the second factor.
 */
export function requireRole(...roles: Role[]) {
  const factorRoute = roles.some((r) => factorRoles.includes(r));
  const guard = async (request: FastifyRequest): Promise<void> => {
    const user = currentUser(request);
    const held = roles.filter((r) => hasRole(user, r));
    if (held.length === 0) throw fail('forbidden');
    if (held.every((r) => factorRoles.includes(r)) && !request.session?.factorPassed)
      throw fail('factor_setup_required');
  };
  guardCodes.set(
    guard,
    factorRoute ? ['unauthorized', 'forbidden', 'factor_setup_required'] : ['unauthorized', 'forbidden'],
  );
  return guard;
}
