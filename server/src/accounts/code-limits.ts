import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { type EmailCodeRow, emailCodes } from '../db/schema';
import { tooManyRequests, type TooManyRequests, waitText } from '../errors';
import type { Tx } from '../db/transaction';

export type Purpose = EmailCodeRow['purpose'];

/** At most `max` codes in any `windowMs`. */
interface Limit {
  max: number;
  windowMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One code at a time: a new one only 30 s after the last of the same kind (the spec's resend cooldown). */
const RESEND_COOLDOWN: Limit = { max: 1, windowMs: 30_000 };
/** Every code an account asks for, whatever its kind; docs/rules.md shows the guessing odds these leave. */
const CODES_PER_ACCOUNT: Limit[] = [
  { max: 5, windowMs: HOUR },
  { max: 10, windowMs: DAY },
];
/** Codes to confirm a change to one address, summed over every account that asks for it. */
const CHANGE_CODES_PER_ADDRESS: Limit = { max: 5, windowMs: 30 * DAY };

/** Codes that answer the same prompt: a new one replaces the others, and the cooldown spans them. */
export const family = (purpose: Purpose): Purpose[] =>
  purpose === 'action' ? ['action'] : ['verify', 'change'];

interface Refusal {
  at: Date | null;
  refuse: (waitSeconds: number) => TooManyRequests;
}

/** When the next code is allowed under `limit`, or null when it is allowed now. */
async function allowedAt(tx: Tx, where: SQL | undefined, limit: Limit, now: Date): Promise<Date | null> {
  // The max-th newest code inside the window holds the slot; once it leaves the window one frees up.
  const [slot] = await tx
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(where, gt(emailCodes.createdAt, new Date(now.getTime() - limit.windowMs))))
    .orderBy(desc(emailCodes.createdAt))
    .offset(limit.max - 1)
    .limit(1);
  return slot ? new Date(slot.createdAt.getTime() + limit.windowMs) : null;
}

/**
 * Refuses a new code with 429 and the longest wait that applies. The counts come from `email_codes`
 * itself, so they hold across restarts and instances; the caller holds the locks that keep two
 * requests from counting at once.
 */
export async function refuseOverLimit(
  tx: Tx,
  userId: string,
  email: string,
  purpose: Purpose,
  now: Date,
): Promise<void> {
  const byUser = eq(emailCodes.userId, userId);
  const refusals: Refusal[] = [
    {
      at: await allowedAt(
        tx,
        and(byUser, inArray(emailCodes.purpose, family(purpose))),
        RESEND_COOLDOWN,
        now,
      ),
      refuse: (wait) => tooManyRequests(wait, 'code_cooldown', wait),
    },
  ];
  for (const limit of CODES_PER_ACCOUNT) {
    refusals.push({
      at: await allowedAt(tx, byUser, limit, now),
      refuse: (wait) => tooManyRequests(wait, 'code_limit', waitText(wait), 'account'),
    });
  }
  if (purpose === 'change') {
    refusals.push({
      at: await allowedAt(
        tx,
        and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'change')),
        CHANGE_CODES_PER_ADDRESS,
        now,
      ),
      refuse: (wait) => tooManyRequests(wait, 'code_limit', waitText(wait), 'address'),
    });
  }
  const worst = refusals.reduce<Refusal | null>((w, r) => (r.at && (!w?.at || r.at > w.at) ? r : w), null);
  if (!worst?.at) return;
  const wait = Math.ceil((worst.at.getTime() - now.getTime()) / 1000);
  throw worst.refuse(wait);
}
