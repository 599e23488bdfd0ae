import type { StaffAction, StaffActionBody } from '@cove/contracts';
import type { UserRow } from '../db/schema';
import { InvalidField } from '../errors';
import { actAsStaff, type StaffDeps } from './act';

/** The command line's arguments for one console action on a person. */
function argsOf(action: StaffAction, body: StaffActionBody): string[] {
  switch (action) {
    case 'warn':
      return [body.kind ?? 'global', ...(body.message ? [body.message] : [])];
    case 'grant-credits':
      if (body.amount === undefined)
        throw new InvalidField('amount', 'how many credits to grant is required');
      return [String(body.amount)];
    default:
      return [];
  }
}

/** `POST /v1/admin/users/:id/actions/:action`: warn, freeze, ban, grant credits... with a reason. */
export function actOnPerson(
  deps: StaffDeps,
  staff: UserRow,
  userId: string,
  action: StaffAction,
  body: StaffActionBody,
): Promise<string> {
  return actAsStaff(deps, staff, userId, action, { args: argsOf(action, body), reason: body.reason });
}
