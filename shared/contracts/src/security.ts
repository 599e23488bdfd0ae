import * as z from 'zod/mini';

/**
 * A code from the authenticator app (6 digits), a recovery code (`xxxx-xxxx`), or the confirmation a
 * passkey gave (`pk_…`, `POST /v1/account/security/passkeys/confirm`); the server tells which.
 */
export const factorCode = z.string().check(z.trim(), z.minLength(6), z.maxLength(64));
export const factorCodeBody = z.object({ code: factorCode });
/** Setting up the app: the first code it shows, and the factor the person already has, if any. */
export const totpConfirmBody = z.object({ code: factorCode, current: z.optional(factorCode) });

const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/));
/** What `startRegistration` (@simplewebauthn/browser) gives: a new passkey, for the server to verify. */
export const passkeyAttestation = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;
/** What `startAuthentication` gives: a passkey's signature over the server's challenge. */
export const passkeyAssertion = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;
/** The options a browser passes to `startRegistration` / `startAuthentication`, as the server made them. */
export const passkeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

/** `POST /v1/auth/second-step`: the limited token `POST /v1/auth` gave travels in the body, as the link's does; with it a code or a passkey. */
const secondStepToken = z.string().check(z.minLength(1), z.maxLength(200));
export const secondStepBody = z.union([
  z.object({ second_step_token: secondStepToken, code: factorCode }),
  z.object({ second_step_token: secondStepToken, passkey: passkeyAssertion }),
]);
export const secondStepTokenBody = z.object({ second_step_token: secondStepToken });

/** A passkey as `/account/security` lists it. */
export const passkeyEntry = z.object({
  _id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type PasskeyEntry = z.infer<typeof passkeyEntry>;
/** `POST /v1/account/security/passkeys`: the passkey, the browser's answer, and the current factor when there is one. */
export const passkeyName = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));
export const addPasskeyBody = z.object({
  name: passkeyName,
  response: passkeyAttestation,
  current: z.optional(factorCode),
});
export const passkeyAdded = z.object({ passkey: passkeyEntry, recovery_codes: z.array(z.string()) });
export const passkeyConfirmBody = z.object({ response: passkeyAssertion });
/** A passkey's stand-in for a code: single use, for this session, for 5 minutes. */
export const factorConfirmation = z.object({ confirmation: z.string() });

/** `POST /v1/auth` answers a person with a second factor this way: a limited token that can only finish signing in. */
export const secondStepResponse = z.object({ second_step_token: z.string(), second_step: z.literal(true) });

/** `GET /v1/account/security`: the person's second factor. */
export const securityStatus = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeyEntry),
  /** Unused recovery codes left. */
  recovery_codes_left: z.int(),
  /** Staff and release managers must have one (docs/rules.md, Second factor). */
  required: z.boolean(),
  /** Whether this session passed the factor (a staff session that has not is refused by staff routes). */
  session_passed: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** `POST /v1/account/security/totp`: a new secret to scan or type; it counts once a first code confirms it. */
export const totpEnrolment = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** Recovery codes, shown once: at enrolment and when made anew. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

export const sessionEntry = z.object({
  _id: z.string(),
  /** Browser and system, read from the user agent ("Chrome on macOS"). */
  device: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionEntry = z.infer<typeof sessionEntry>;
export const sessionsList = z.object({ data: z.array(sessionEntry) });
export const signedOutCount = z.object({ signed_out: z.int() });
