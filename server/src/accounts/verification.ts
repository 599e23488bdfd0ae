import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import { codeMail } from '../mail/templates';
import { issueCode } from './email-codes';

/** Issues a verification code for the user's current address and mails it. */
export async function sendVerificationCode(app: FastifyInstance, user: UserRow): Promise<void> {
  const code = await issueCode(app.db, user.id, user.email, 'verify');
  await app.mailer.send(codeMail(user.email, code, 'verify'));
}
