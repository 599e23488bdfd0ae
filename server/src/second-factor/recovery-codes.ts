import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/transaction';
import { recoveryCodes } from '../db/schema';

/** Ten codes a set (docs/rules.md, Second factor). */
export const RECOVERY_CODE_COUNT = 10;
// No look-alikes (0/o, 1/l/i): the codes are copied by hand from paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxx-xxxx`: 8 characters from 31, about 40 bits, enough for a single-use code behind the wrong-try budget. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** What a person types, in the stored form: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (raw: string): string => raw.toLowerCase().replace(/[\s-]/g, '');

/** Codes are random, so a fast hash is enough; the user id in it keeps equal codes of two people apart. */
const hashRecoveryCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');

/** A new set of codes in place of every earlier one; the codes themselves are returned once and never stored. */
export async function replaceRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return codes;
}

/** Spends one code; the conditional UPDATE lets only one of two racing uses through. */
export async function spendRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent !== undefined;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
