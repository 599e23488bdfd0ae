import * as z from 'zod/mini';

/** A code from the authenticator app (6 digits) or a recovery code (`xxxx-xxxx`); the server tells which. */
export const factorCode = z.string().check(z.trim(), z.minLength(6), z.maxLength(20));
export const factorCodeBody = z.object({ code: factorCode });
/** `POST /v1/auth/second-step`: the limited token `POST /v1/auth` gave travels in the body, as the link's does. */
export const secondStepBody = z.object({
  second_step_token: z.string().check(z.minLength(1), z.maxLength(200)),
  code: factorCode,
});

/** `POST /v1/auth` answers a person with a second factor this way: a limited token that can only finish signing in. */
export const secondStepResponse = z.object({ second_step_token: z.string(), second_step: z.literal(true) });

/** `GET /v1/account/security`: the person's second factor. */
export const securityStatus = z.object({
  totp: z.boolean(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.int(),
  /** Staff must have one (docs/rules.md, Second factor). */
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
