import type { ErrorCode, PasskeyAssertion, SecurityStatus, TotpEnrolment } from '@cove/contracts';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import qrcode from 'qrcode-generator';
import { isStaff } from '../auth/guards';
import type { Db } from '../db/client';
import type { Queryable } from '../db/transaction';
import { accessTokens, secondFactors, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { issueAccessToken } from '../auth/tokens';
import { isConfirmation, spendConfirmation } from './confirmations';
import { type RelyingParty, verifyAssertion } from './passkey-ceremony';
import { hasPasskey, listPasskeys } from './passkey-list';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { revokeOtherSessions } from './sessions';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/** What the second factor needs: the database, the key that seals secrets, and the session asking. */
export interface FactorContext {
  db: Db;
  box: SecretBox;
  /** The access token's row id: wrong codes are counted per session. */
  sessionId: string;
  now?: () => number;
}

/** Wrong codes a session may try before it is signed out (docs/rules.md, Second factor). */
export const MAX_FACTOR_TRIES = 5;

/** What checking a code may be refused with. */
export const factorCodeCodes = [
  'wrong_factor_code',
  'factor_code_used',
  'factor_locked',
  'factor_off',
] as const satisfies readonly ErrorCode[];

/** Staff and release managers must have a second factor; for everyone else it is a choice. */
export const mustHaveFactor = (user: UserRow): boolean => isStaff(user) || user.isReleaseManager;

const rowOf = async (db: Db, userId: string) =>
  (await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)))[0];

const totpOnWhere = (userId: string) =>
  and(eq(secondFactors.userId, userId), isNotNull(secondFactors.enabledAt));

/** Whether the person's authenticator app is set up. */
async function totpOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: secondFactors.userId }).from(secondFactors).where(totpOnWhere(userId));
  return row !== undefined;
}

/**
 * Whether the person has a second factor: the authenticator app or at least one passkey. The one
 * answer for the sign-in's second step, staff and release managers, and payout confirmation.
 */
export async function hasFactor(db: Db, userId: string): Promise<boolean> {
  return (await totpOn(db, userId)) || (await hasPasskey(db, userId));
}

export async function securityStatus(
  db: Db,
  user: UserRow,
  session: { factorPassed: boolean },
): Promise<SecurityStatus> {
  return {
    totp: await totpOn(db, user.id),
    passkeys: await listPasskeys(db, user.id),
    recovery_codes_left: await recoveryCodesLeft(db, user.id),
    required: mustHaveFactor(user),
    session_passed: session.factorPassed,
  };
}

/** An SVG of the QR code, drawn here so the page loads no QR library. */
function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
}

/** A new secret to scan, kept sealed as pending until a first code confirms it (a new start replaces it). */
export async function startEnrolment(ctx: FactorContext, user: UserRow): Promise<TotpEnrolment> {
  if (await totpOn(ctx.db, user.id)) throw fail('factor_already_on');
  const secret = newTotpSecret();
  const pendingSecret = ctx.box.seal(user.id, secret);
  await ctx.db
    .insert(secondFactors)
    .values({ userId: user.id, pendingSecret })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { pendingSecret } });
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauth_uri: uri, qr_svg: qrSvg(uri) };
}

/**
 * Spends one of the session's tries before a code is compared, in one conditional UPDATE, so even
 * parallel guesses get five comparisons in all; the session that runs out is signed out.
 */
export async function spendTry(ctx: Pick<FactorContext, 'db' | 'sessionId'>): Promise<void> {
  const [spent] = await ctx.db
    .update(accessTokens)
    .set({ factorAttempts: sql`${accessTokens.factorAttempts} + 1` })
    .where(
      and(
        eq(accessTokens.id, ctx.sessionId),
        isNull(accessTokens.revokedAt),
        lt(accessTokens.factorAttempts, MAX_FACTOR_TRIES),
      ),
    )
    .returning({ id: accessTokens.id });
  if (spent) return;
  await ctx.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, ctx.sessionId));
  throw fail('factor_locked');
}

export const clearTries = (ctx: Pick<FactorContext, 'db' | 'sessionId'>) =>
  ctx.db.update(accessTokens).set({ factorAttempts: 0 }).where(eq(accessTokens.id, ctx.sessionId));

/**
 * Takes the step of an authenticator code once: the UPDATE succeeds only for a step newer than the
 * last one accepted, so a code seen over a shoulder (or replayed) within its window is refused.
 */
async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const [taken] = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return taken !== undefined;
}

/**
 * Checks a code from the authenticator app (6 digits, ±1 step, once), a passkey confirmation of this
 * session (spent) or a recovery code (spent).
 * Refused: wrong_factor_code, factor_code_used (a replay), factor_locked (tries used up).
 */
export async function checkFactorCode(
  ctx: FactorContext,
  user: UserRow,
  code: string,
): Promise<'totp' | 'passkey' | 'recovery'> {
  if (!(await hasFactor(ctx.db, user.id))) throw fail('factor_off');
  await spendTry(ctx);
  const entered = code.trim();
  const now = (ctx.now ?? Date.now)();
  let kind: 'totp' | 'passkey' | 'recovery';
  if (isConfirmation(entered)) {
    if (!(await spendConfirmation(ctx.db, user.id, ctx.sessionId, entered, now)))
      throw fail('wrong_factor_code');
    kind = 'passkey';
  } else if (/^\d{6}$/.test(entered)) {
    const secret = (await rowOf(ctx.db, user.id))?.secret;
    const step = secret ? matchingStep(ctx.box.open(user.id, secret), entered, now) : null;
    if (step === null) throw fail('wrong_factor_code');
    if (!(await takeStep(ctx.db, user.id, step))) throw fail('factor_code_used');
    kind = 'totp';
  } else {
    if (!(await spendRecoveryCode(ctx.db, user.id, entered))) throw fail('wrong_factor_code');
    kind = 'recovery';
  }
  await clearTries(ctx);
  return kind;
}

/** What adding a factor did: recovery codes to show once (none when the person had a factor) and sessions signed out. */
export interface FactorAdded {
  recoveryCodes: string[];
  signedOut: string[];
}

/**
 * A person's first factor (app or passkey) makes ten recovery codes, marks this session as having
 * passed it, and signs every other session out (they never passed it). A further one changes none of that.
 */
export async function afterFactorAdded(
  tx: Queryable,
  userId: string,
  sessionId: string,
  first: boolean,
): Promise<FactorAdded> {
  if (!first) return { recoveryCodes: [], signedOut: [] };
  const recoveryCodes = await replaceRecoveryCodes(tx, userId);
  await tx
    .update(accessTokens)
    .set({ factorPassedAt: new Date(), factorAttempts: 0 })
    .where(eq(accessTokens.id, sessionId));
  const signedOut = await revokeOtherSessions(tx, userId, sessionId);
  return { recoveryCodes, signedOut };
}

/**
 * Adding a factor beside one the person has needs that one (a code or a passkey confirmation): a
 * stolen session must not add its own way to confirm payouts. True when this is the first factor.
 */
export async function confirmAddingFactor(
  ctx: FactorContext,
  user: UserRow,
  current: string | undefined,
): Promise<boolean> {
  if (!(await hasFactor(ctx.db, user.id))) return true;
  if (!current) throw fail('factor_code_needed');
  await checkFactorCode(ctx, user, current);
  return false;
}

/**
 * The first code confirms the pending secret and the app is on (with `current`, the factor the person
 * already has, when they have one: see confirmAddingFactor).
 */
export async function confirmEnrolment(
  ctx: FactorContext,
  user: UserRow,
  code: string,
  current?: string,
): Promise<FactorAdded> {
  const row = await rowOf(ctx.db, user.id);
  if (row?.secret) throw fail('factor_already_on');
  if (!row?.pendingSecret) throw fail('factor_not_started');
  await spendTry(ctx);
  const step = matchingStep(ctx.box.open(user.id, row.pendingSecret), code.trim(), (ctx.now ?? Date.now)());
  if (step === null) throw fail('wrong_factor_code');
  const first = await confirmAddingFactor(ctx, user, current);
  return ctx.db.transaction(async (tx) => {
    const [on] = await tx
      .update(secondFactors)
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastStep: step })
      .where(
        and(
          eq(secondFactors.userId, user.id),
          isNull(secondFactors.enabledAt),
          eq(secondFactors.pendingSecret, row.pendingSecret ?? ''),
        ),
      )
      .returning({ userId: secondFactors.userId });
    if (!on) throw fail('factor_not_started');
    return afterFactorAdded(tx, user.id, ctx.sessionId, first);
  });
}

/** A new set of recovery codes, confirmed with a current code; the old set stops working. */
export async function regenerateRecoveryCodes(
  ctx: FactorContext,
  user: UserRow,
  code: string,
): Promise<string[]> {
  await checkFactorCode(ctx, user, code);
  return replaceRecoveryCodes(ctx.db, user.id);
}

/**
 * Confirms a payout change or request with the factor when the person has one (docs/rules.md):
 * true when it did, and then no emailed code applies; false when there is no factor to ask.
 */
export async function confirmWithFactor(
  ctx: FactorContext,
  user: UserRow,
  code: string | undefined,
): Promise<boolean> {
  if (!(await hasFactor(ctx.db, user.id))) return false;
  if (!code || /^\d{4}$/.test(code.trim())) throw fail('factor_code_needed');
  await checkFactorCode(ctx, user, code);
  return true;
}

/** What finishes a sign-in's second step: a code the person typed, or a passkey's assertion. */
export type SecondStepProof = { code: string } | { passkey: PasskeyAssertion; rp: RelyingParty };

/**
 * The second step of a sign-in: a code from the app, a recovery code, or a passkey. The limited token
 * is spent and a full session, marked as having passed the factor, takes its place.
 */
export async function finishSecondStep(
  ctx: FactorContext,
  user: UserRow,
  proof: SecondStepProof,
  userAgent: string | undefined,
): Promise<string> {
  if ('code' in proof) await checkFactorCode(ctx, user, proof.code);
  else {
    await spendTry(ctx);
    await verifyAssertion({ ...ctx, rp: proof.rp }, user, proof.passkey);
    await clearTries(ctx);
  }
  const [spent] = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.id, ctx.sessionId),
        eq(accessTokens.secondStep, true),
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ id: accessTokens.id });
  if (!spent) throw fail('unauthorized');
  return issueAccessToken(ctx.db, user.id, { factorPassed: true, userAgent });
}
