import { CODE_TTL_MS, issueCode } from '../accounts/email-codes';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/templates';
import { assertCreator } from './creator';
import { maskEmail } from './method-checks';
import { fail } from '../errors';
import { hasFactor } from '../second-factor/factor';
import type { ErrorCode } from '@cove/contracts';

/** What asking for a payout-method code may be refused with. */
export const actionCodeCodes = [
  'creators_only',
  'code_cooldown',
  'code_limit',
  'use_authenticator',
] as const satisfies readonly ErrorCode[];

/**
 * `POST /v1/users/send-verification-code`: a 4-digit code to the account's address for changing the
 * payout method, under sign-in's code rules (cooldown, caps, 10 minutes, 5 tries, single use).
 */
export async function sendActionCode(
  deps: { db: Db; mailer: Mailer },
  me: UserRow,
  now = new Date(),
): Promise<{ email: string; expires_at: string }> {
  assertCreator(me);
  // With a second factor on, the app confirms the change: a code by email would only tell a mailbox's holder to try.
  if (await hasFactor(deps.db, me.id)) throw fail('use_authenticator');
  const code = await issueCode(deps.db, me.id, me.email, 'action', now);
  await deps.mailer.send(codeMail(me.email, code, 'action'));
  return { email: maskEmail(me.email), expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString() };
}
