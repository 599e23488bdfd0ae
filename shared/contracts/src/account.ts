import * as z from 'zod';
import { gender, notificationSettings, user } from './entities/user';

const email = z.string().trim().max(254);

export const signInBody = z.object({
  email,
  web: z.boolean().optional(),
  react_flow: z.boolean().optional(),
  /** The bot-check answer (Cloudflare Turnstile token) when a bot check is on. */
  captcha_token: z.string().max(4096).optional(),
  /** The person confirms they are 18 or older and accepts the terms; needed to create an account. */
  accept_terms: z.boolean().optional(),
});

export const authBody = z.object({ token: z.string().min(1).max(200) });
export const authResponse = z.object({ token: z.string(), user });

export const messageResponse = z.object({ message: z.string() });

export const verifyEmailBody = z.object({ code: z.string().regex(/^\d{4}$/, 'must be 4 digits') });
export const verifyEmailResponse = z.object({ message: z.string(), user });
export const resendVerifyBody = z.object({
  email: email.optional(),
  web: z.boolean().optional(),
  react_flow: z.boolean().optional(),
});
export const changeVerifyEmailBody = z.object({ email });

/** The fields a user may change on their own record (`PATCH /v1/users/{id}`). */
export const userPatchBody = z
  .object({
    username: z.string().trim(),
    gender,
    invisible: z.boolean(),
    intro_enabled: z.boolean(),
    private_feed: z.boolean(),
    notification_settings: notificationSettings.partial(),
    /** An invite code, accepted once: a code already set is never replaced. */
    code_used: z.string().trim().min(1).max(40),
    /** true schedules the account for deletion, false cancels a scheduled deletion. */
    deleted_scheduled: z.boolean(),
  })
  .partial()
  .strict();
export type UserPatch = z.infer<typeof userPatchBody>;

export const usernameAvailableQuery = z.object({ username: z.string() });
export const usernameAvailableResponse = z.object({ available: z.boolean(), message: z.string().nullable() });

export const tagBody = z.object({ tag: z.string().trim().min(1).max(30) });
export const tagsResponse = z.object({ tags: z.array(z.string()) });

export const geoIpResponse = z.object({ ip: z.string(), country_code: z.string().nullable() });
