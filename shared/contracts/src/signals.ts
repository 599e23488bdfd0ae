import * as z from 'zod/mini';

/** The window the engagement banners look at (docs/rules.md, Creator signals). */
export const SIGNALS_WINDOW_DAYS = 7;
/** A creator with fewer new chats than this in the window is offered "get more chats". */
export const GET_MORE_CHATS_BELOW = 3;

/**
 * `GET /v1/users/me/signals`: the counts behind the engagement banners (docs/rules.md, Creator
 * signals). `chats`: chats with the other kind of person (a fan's with creators, a creator's with
 * fans); `new_chats`: those of them opened in the last 7 days; `referred`: people who signed up with
 * the person's referral code; `rank`: a creator's place in Discover's Everyone tab (1 = first), null
 * for a fan or a creator who is not listed (the spec's Discover `rank`).
 */
export const engagementSignals = z.object({
  chats: z.int(),
  new_chats: z.int(),
  referred: z.int(),
  rank: z.nullable(z.int()),
});
export type EngagementSignals = z.infer<typeof engagementSignals>;
