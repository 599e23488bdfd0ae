import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCodes, users } from '../db/schema';
import { fail } from '../errors';
import { family, type Purpose, refuseOverLimit } from './code-limits';
import type { ErrorCode } from '@cove/contracts';

/** What entering an email code may be refused with. */
export const enterCodeCodes = [
  'wrong_code',
  'code_expired',
  'code_locked',
  'email_changed',
  'email_taken',
  'already_verified',
] as const satisfies readonly ErrorCode[];

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

const hashCode = (codeId: string, code: string) =>
  createHash('sha256').update(`${codeId}:${code}`).digest('hex');

/**
 * A fresh 4-digit code for `email`, replacing any earlier one of its family; refused with 429
 * during the resend cooldown and past the caps in code-limits.ts.
 */
export async function issueCode(
  db: Db,
  userId: string,
  email: string,
  purpose: Purpose,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await db.transaction(async (tx) => {
    // Codes for one account, and change codes for one address, are issued one at a time, so
    // parallel requests cannot all pass the count before any of them is written.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (purpose === 'change')
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email_codes:change:${email}`}))`);
    await refuseOverLimit(tx, userId, email, purpose, now);
    // Only the newest code counts: earlier ones stop working.
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailCodes.userId, userId),
          inArray(emailCodes.purpose, family(purpose)),
          isNull(emailCodes.usedAt),
        ),
      );
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
 * Checks a code against the newest live one of the family. Each try first spends one of the code's
 * five tries in a single conditional UPDATE, so even a burst of parallel guesses gets five comparisons
 * in all. Returns the address it was sent to and what it was for.
 */
export async function consumeCode(
  db: Db,
  userId: string,
  purposes: Purpose[],
  code: string,
): Promise<{ email: string; purpose: Purpose }> {
  const [live] = await db
    .select()
    .from(emailCodes)
    .where(
      and(eq(emailCodes.userId, userId), inArray(emailCodes.purpose, purposes), isNull(emailCodes.usedAt)),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt <= new Date()) {
    throw fail('code_expired');
  }
  const [spent] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, MAX_WRONG_TRIES)),
    )
    .returning({ codeHash: emailCodes.codeHash });
  if (!spent) throw fail('code_locked');
  if (spent.codeHash !== hashCode(live.id, code)) throw fail('wrong_code');
  const [used] = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
    .returning({ email: emailCodes.email, purpose: emailCodes.purpose });
  if (!used) throw fail('wrong_code');
  return used;
}
