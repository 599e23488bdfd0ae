import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/templates';
import { family } from './code-limits';
import { completeEmailChange, markVerified, refuseTakenAddress, setPendingEmail } from './email-change';
import { consumeCode, issueCode } from './email-codes';
import type { ErrorCode } from '@cove/contracts';

/** What asking for an email code may be refused with (a new one, or one to change the address): the code limits included. */
export const codeRequestCodes = [
  'invalid_email',
  'email_taken',
  'already_verified',
  'code_cooldown',
  'code_limit',
] as const satisfies readonly ErrorCode[];

/** What sending codes needs: the database and the mailer. */
interface CodeDeps {
  db: Db;
  mailer: Mailer;
}

/** Issues a verification code for the user's current address and mails it. */
export async function sendVerificationCode(deps: CodeDeps, user: UserRow): Promise<void> {
  const code = await issueCode(deps.db, user.id, user.email, 'verify');
  await deps.mailer.send(codeMail(user.email, code, 'verify'));
}

/**
 * Asks for the account's address to become `email` (normalised): the current address stays until the
 * code mailed to the new one is entered. Asking for the current address drops a pending change and
 * mails a code to it, unless it is verified already.
 */
export async function requestEmailChange(deps: CodeDeps, user: UserRow, email: string): Promise<void> {
  if (email === user.email.toLowerCase()) {
    if (user.emailVerified) throw alreadyVerified();
    await sendVerificationCode(deps, user);
    if (user.pendingEmail) await setPendingEmail(deps.db, user.id, null);
    return;
  }
  await refuseTakenAddress(deps.db, user.id, email);
  const code = await issueCode(deps.db, user.id, email, 'change');
  await setPendingEmail(deps.db, user.id, email);
  await deps.mailer.send(codeMail(email, code, 'verify'));
}

/** Resends the code for the pending address when that is the one asked about, else for the current one. */
export async function resendCode(deps: CodeDeps, user: UserRow, asked: string | undefined): Promise<void> {
  const pending = user.pendingEmail;
  if (pending && asked?.trim().toLowerCase() === pending) return requestEmailChange(deps, user, pending);
  if (user.emailVerified) throw alreadyVerified();
  await sendVerificationCode(deps, user);
}

/** Enters a code: it verifies the current address, or completes the change to the address it was sent to. */
export async function enterCode(db: Db, user: UserRow, code: string): Promise<UserRow> {
  const sent = await consumeCode(db, user.id, family('verify'), code);
  return sent.purpose === 'change'
    ? completeEmailChange(db, user.id, sent.email)
    : markVerified(db, user.id, sent.email);
}

const alreadyVerified = () => fail('already_verified');
