import { createHash, randomInt } from 'node:crypto';
import { messages } from '@cove/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCodes } from '../db/schema';
import { AppError } from '../errors';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 30 * 1000;
export const MAX_WRONG_TRIES = 5;
type Purpose = 'verify' | 'action';

const hashCode = (codeId: string, code: string) =>
  createHash('sha256').update(`${codeId}:${code}`).digest('hex');

/** A fresh 4-digit code for the user, replacing any earlier one; refused within 30 s of the last. */
export async function issueCode(
  db: Db,
  userId: string,
  email: string,
  purpose: Purpose,
  now = new Date(),
): Promise<string> {
  const [recent] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        gt(emailCodes.createdAt, new Date(now.getTime() - RESEND_COOLDOWN_MS)),
      ),
    )
    .limit(1);
  if (recent) {
    const wait = Math.ceil((recent.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000);
    throw new AppError(429, `Please wait ${wait} seconds before asking for a new code.`, 'code_cooldown');
  }
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await db.transaction(async (tx) => {
    // Only the newest code counts: earlier ones stop working.
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    const [row] = await tx
      .insert(emailCodes)
      .values({
        userId,
        purpose,
        email,
        codeHash: 'pending',
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: emailCodes.id });
    if (!row) throw new Error('code insert returned nothing');
    await tx
      .update(emailCodes)
      .set({ codeHash: hashCode(row.id, code) })
      .where(eq(emailCodes.id, row.id));
  });
  return code;
}

/**
 * Checks a code. Each try first spends one of the code's five tries in a single conditional UPDATE,
 * so even a burst of parallel guesses gets five comparisons in all. Returns the email it was sent to.
 */
export async function consumeCode(db: Db, userId: string, purpose: Purpose, code: string): Promise<string> {
  const [live] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt <= new Date()) {
    throw new AppError(400, 'This code has expired. Please ask for a new one.', 'code_expired');
  }
  const [spent] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, MAX_WRONG_TRIES)),
    )
    .returning({ codeHash: emailCodes.codeHash });
  if (!spent) throw new AppError(429, 'Too many wrong codes. Please ask for a new one.', 'code_locked');
  if (spent.codeHash !== hashCode(live.id, code)) throw new AppError(400, messages.wrongCode, 'wrong_code');
  const [used] = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
    .returning({ email: emailCodes.email });
  if (!used) throw new AppError(400, messages.wrongCode, 'wrong_code');
  return used.email;
}
