import type { PasskeyAssertion, PasskeyAttestation, PasskeyEntry } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { passkeys, secondFactors, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { issueConfirmation } from './confirmations';
import {
  afterFactorAdded,
  clearTries,
  confirmAddingFactor,
  type FactorAdded,
  type FactorContext,
  spendTry,
} from './factor';
import { type RelyingParty, verifyAssertion, verifyRegistration } from './passkey-ceremony';
import { entryOf } from './passkey-list';

/** A factor context that can run a WebAuthn ceremony. */
export type PasskeyContext = FactorContext & { rp: RelyingParty };

/**
 * Adds a passkey the browser made for a challenge of this session. Beside a factor the person has,
 * `current` (a code or a passkey confirmation) must confirm it; the first factor makes recovery codes.
 */
export async function addPasskey(
  ctx: PasskeyContext,
  user: UserRow,
  body: { name: string; response: PasskeyAttestation; current?: string | undefined },
): Promise<FactorAdded & { passkey: PasskeyEntry }> {
  const credential = await verifyRegistration(ctx, user, body.response);
  const first = await confirmAddingFactor(ctx, user, body.current);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({ userId: user.id, name: body.name, ...credential })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw fail('passkey_failed');
    return { passkey: entryOf(row), ...(await afterFactorAdded(tx, user.id, ctx.sessionId, first)) };
  });
}

/**
 * Removes one of the person's passkeys (another person's answers 404). The last factor stays, as the
 * app cannot be turned off (docs/rules.md, Second factor): the person's passkeys are locked first so two
 * removals at once cannot both see the other left.
 */
export async function removePasskey(ctx: FactorContext, user: UserRow, passkeyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .for('update');
    if (!mine.some((k) => k.id === passkeyId)) throw fail('not_found');
    const [app] = await tx
      .select({ on: sql<boolean>`${secondFactors.enabledAt} is not null` })
      .from(secondFactors)
      .where(eq(secondFactors.userId, user.id));
    if (mine.length === 1 && app?.on !== true) throw fail('last_factor');
    await tx.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)));
  });
}

/**
 * A passkey assertion of a signed-in session becomes a confirmation that stands in for a code; a
 * refused assertion spends one of the session's tries, as a wrong code does.
 */
export async function confirmWithPasskey(
  ctx: PasskeyContext,
  user: UserRow,
  response: PasskeyAssertion,
): Promise<string> {
  await spendTry(ctx);
  await verifyAssertion(ctx, user, response);
  await clearTries(ctx);
  return issueConfirmation(ctx.db, user.id, ctx.sessionId, (ctx.now ?? Date.now)());
}
