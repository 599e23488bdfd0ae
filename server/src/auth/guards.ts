import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';

/** The signed-in user of this request; throws 401 'Please sign in' when there is none. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw fail('unauthorized');
  return request.user;
}

export type Role = 'user' | 'featured' | 'staff';

function hasRole(user: UserRow, role: Role): boolean {
  if (role === 'staff') return user.isStaff || user.isStaffMo;
  return user.type === role;
}

/** onRequest guard: any signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  currentUser(request);
}

/** onRequest guard: a signed-in user holding one of the roles (fan `user`, creator `featured`, `staff`). */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = currentUser(request);
    if (!roles.some((r) => hasRole(user, r))) throw fail('forbidden');
  };
}
