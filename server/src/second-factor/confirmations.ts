import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { factorConfirmations } from '../db/schema';

/**
 * A passkey assertion made by a signed-in session becomes a confirmation: a short-lived, single-use
 * string that goes wherever an authenticator code goes (a payout, a payout-method change, new recovery
 * codes), so every route that takes a code takes a passkey with no change of its own.
 */
export const CONFIRMATION_TTL_MS = 5 * 60_000;
const prefix = 'pk_';

export const isConfirmation = (code: string) => code.startsWith(prefix);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueConfirmation(
  db: Db,
  userId: string,
  sessionId: string,
  now = Date.now(),
): Promise<string> {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  await db.insert(factorConfirmations).values({
    tokenHash: hashOf(token),
    userId,
    sessionId,
    expiresAt: new Date(now + CONFIRMATION_TTL_MS),
  });
  return token;
}

/** Spends a confirmation of this person's and this session's that has not expired; false otherwise. */
export async function spendConfirmation(
  db: Db,
  userId: string,
  sessionId: string,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  const [spent] = await db
    .delete(factorConfirmations)
    .where(
      and(
        eq(factorConfirmations.tokenHash, hashOf(token)),
        eq(factorConfirmations.userId, userId),
        eq(factorConfirmations.sessionId, sessionId),
        gt(factorConfirmations.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: factorConfirmations.userId });
  return spent !== undefined;
}
