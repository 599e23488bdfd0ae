import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { codeMail } from '../mail/templates';
import { family } from './code-limits';
import { completeEmailChange, markVerified, refuseTakenAddress, setPendingEmail } from './email-change';
import { consumeCode, issueCode } from './email-codes';

/** Issues a verification code for the user's current address and mails it. */
export async function sendVerificationCode(app: FastifyInstance, user: UserRow): Promise<void> {
  const code = await issueCode(app.db, user.id, user.email, 'verify');
  await app.mailer.send(codeMail(user.email, code, 'verify'));
}

/**
 * Asks for the account's address to become `email` (normalised): the current address stays until the
 * code mailed to the new one is entered. Asking for the current address drops a pending change and
 * mails a code to it, unless it is verified already.
 */
export async function requestEmailChange(app: FastifyInstance, user: UserRow, email: string): Promise<void> {
  if (email === user.email.toLowerCase()) {
    if (user.emailVerified) throw alreadyVerified();
    await sendVerificationCode(app, user);
    if (user.pendingEmail) await setPendingEmail(app.db, user.id, null);
    return;
  }
  await refuseTakenAddress(app.db, user.id, email);
  const code = await issueCode(app.db, user.id, email, 'change');
  await setPendingEmail(app.db, user.id, email);
  await app.mailer.send(codeMail(email, code, 'verify'));
}

/** Resends the code for the pending address when that is the one asked about, else for the current one. */
export async function resendCode(
  app: FastifyInstance,
  user: UserRow,
  asked: string | undefined,
): Promise<void> {
  const pending = user.pendingEmail;
  if (pending && asked?.trim().toLowerCase() === pending) return requestEmailChange(app, user, pending);
  if (user.emailVerified) throw alreadyVerified();
  await sendVerificationCode(app, user);
}

/** Enters a code: it verifies the current address, or completes the change to the address it was sent to. */
export async function enterCode(db: Db, user: UserRow, code: string): Promise<UserRow> {
  const sent = await consumeCode(db, user.id, family('verify'), code);
  return sent.purpose === 'change'
    ? completeEmailChange(db, user.id, sent.email)
    : markVerified(db, user.id, sent.email);
}

const alreadyVerified = () => fail('already_verified');
