import * as z from 'zod/mini';
import { gender, notificationSettings, user } from './entities/user';
import { secondStepResponse } from './security';

const email = z.string().check(z.trim(), z.maxLength(254));

export const signInBody = z.object({
  email,
  web: z.optional(z.boolean()),
  react_flow: z.optional(z.boolean()),
  /** The bot-check answer (Cloudflare Turnstile token) when a bot check is on. */
  captcha_token: z.optional(z.string().check(z.maxLength(4096))),
  /** The person confirms they are 18 or older and accepts the terms; needed to create an account. */
  accept_terms: z.optional(z.boolean()),
});

export const authBody = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const authResponse = z.object({ token: z.string(), user });
/** `POST /v1/auth`: signed in, or (with a second factor on) a limited token for the second step. */
export const linkResponse = z.union([authResponse, secondStepResponse]);

export const messageResponse = z.object({ message: z.string() });

export const verifyEmailBody = z.object({ code: z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits')) });
export const verifyEmailResponse = z.object({ message: z.string(), user });
export const resendVerifyBody = z.object({
  email: z.optional(email),
  web: z.optional(z.boolean()),
  react_flow: z.optional(z.boolean()),
});
export const changeVerifyEmailBody = z.object({ email });

/** The fields a user may change on their own record (`PATCH /v1/users/{id}`). */
export const userPatchBody = z.partial(
  z.strictObject({
    username: z.string().check(z.trim()),
    gender,
    invisible: z.boolean(),
    intro_enabled: z.boolean(),
    private_feed: z.boolean(),
    /** Minutes east of UTC, as the person's browser says: the Nearby tab (docs/rules.md). */
    utc_offset: z.int().check(z.gte(-720), z.lte(840)),
    notification_settings: z.partial(notificationSettings),
    /** An invite code, accepted once: a code already set is never replaced. */
    code_used: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
    /** true schedules the account for deletion, false cancels a scheduled deletion. */
    deleted_scheduled: z.boolean(),
  }),
);
export type UserPatch = z.infer<typeof userPatchBody>;

export const usernameAvailableQuery = z.object({ username: z.string() });
export const usernameAvailableResponse = z.object({
  available: z.boolean(),
  message: z.nullable(z.string()),
});

export const tagBody = z.object({ tag: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)) });
export const tagsResponse = z.object({ tags: z.array(z.string()) });

export const geoIpResponse = z.object({ ip: z.string(), country_code: z.nullable(z.string()) });
