import type { PasskeyAssertion, PasskeyAttestation, PasskeyOptions } from '@cove/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passkeyChallenges, passkeys, type UserRow } from '../db/schema';
import type { Queryable } from '../db/transaction';
import { fail } from '../errors';

/** Who the passkeys belong to: the server's public URL, so a passkey made on localhost works there. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingParty = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Cove' };
};

/** How long a challenge may be answered (docs/rules.md, Second factor). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The database, the relying party, and the session a challenge belongs to. */
export interface CeremonyContext {
  db: Db;
  rp: RelyingParty;
  sessionId: string;
  now?: () => number;
}

type Purpose = 'register' | 'assert';

async function keepChallenge(ctx: CeremonyContext, userId: string, purpose: Purpose, challenge: string) {
  const now = (ctx.now ?? Date.now)();
  await ctx.db.insert(passkeyChallenges).values({
    challenge,
    userId,
    sessionId: ctx.sessionId,
    purpose,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
  });
}

/** The challenge the browser signed, read from its client data (unchecked until the library verifies it). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (data && typeof data === 'object' && 'challenge' in data && typeof data.challenge === 'string')
      return data.challenge;
  } catch {
    // An unreadable client data answers as a challenge never given.
  }
  throw fail('passkey_expired');
}

/**
 * Takes a challenge given to this session for this person and purpose, deleting it in the same
 * statement, so a response is checked against it at most once; a used, foreign or stale one is refused.
 */
async function takeChallenge(ctx: CeremonyContext, userId: string, purpose: Purpose, clientDataJSON: string) {
  const challenge = challengeOf(clientDataJSON);
  const [taken] = await ctx.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.userId, userId),
        eq(passkeyChallenges.sessionId, ctx.sessionId),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date((ctx.now ?? Date.now)())),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (!taken) throw fail('passkey_expired');
  return taken.challenge;
}

const asTransports = (list: string[]) => list as AuthenticatorTransportFuture[];

const keysOf = (db: Queryable, userId: string) =>
  db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));

/** Options to make a passkey; the person's own passkeys are excluded so one authenticator is added once. */
export async function registrationOptions(ctx: CeremonyContext, user: UserRow): Promise<PasskeyOptions> {
  const existing = await keysOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.name,
    rpID: ctx.rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: asTransports(k.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, user.id, 'register', options.challenge);
  return { ...options };
}

/** A verified new credential, ready to store. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export async function verifyRegistration(
  ctx: CeremonyContext,
  user: UserRow,
  response: PasskeyAttestation,
): Promise<NewCredential> {
  const expectedChallenge = await takeChallenge(ctx, user.id, 'register', response.response.clientDataJSON);
  const checked = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!checked?.verified) throw fail('passkey_failed');
  const { credential } = checked.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/** Options to sign in or confirm with one of the person's passkeys; none answers 409 `passkey_none`. */
export async function assertionOptions(ctx: CeremonyContext, user: UserRow): Promise<PasskeyOptions> {
  const keys = await keysOf(ctx.db, user.id);
  if (keys.length === 0) throw fail('passkey_none');
  const options = await generateAuthenticationOptions({
    rpID: ctx.rp.id,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({ id: k.id, transports: asTransports(k.transports) })),
  });
  await keepChallenge(ctx, user.id, 'assert', options.challenge);
  return { ...options };
}

/**
 * Checks an assertion against one of the person's own passkeys (another person's is refused as
 * unknown) and a challenge this session was given; the library refuses a counter that did not move on
 * (a cloned authenticator). The new counter is kept only if no parallel use moved it further.
 */
export async function verifyAssertion(
  ctx: CeremonyContext,
  user: UserRow,
  response: PasskeyAssertion,
): Promise<void> {
  const expectedChallenge = await takeChallenge(ctx, user.id, 'assert', response.response.clientDataJSON);
  const [key] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), eq(passkeys.credentialId, response.id)));
  if (!key) throw fail('passkey_failed');
  const checked = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.id,
    requireUserVerification: false,
    credential: {
      id: key.credentialId,
      publicKey: Buffer.from(key.publicKey, 'base64url'),
      counter: key.counter,
      transports: asTransports(key.transports),
    },
  }).catch(() => null);
  if (!checked?.verified) throw fail('passkey_failed');
  const { newCounter } = checked.authenticationInfo;
  const [kept] = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, key.id),
        // Authenticators that keep no counter report 0 every time; others must move forward.
        newCounter === 0 ? sql`true` : sql`${passkeys.counter} < ${newCounter}`,
      ),
    )
    .returning({ id: passkeys.id });
  if (!kept) throw fail('passkey_failed');
}
