import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/** The settings and the rate-limit store the hook counts in. */
type LimitDeps = Pick<FastifyInstance, 'config' | 'createRateLimit'>;
import { tooManyRequests, waitText } from '../errors';
import type { ErrorCode } from '@cove/contracts';

/** What the sign-in limits answer. */
export const signInLimitCodes = ['sign_in_limited'] as const satisfies readonly ErrorCode[];

const WINDOW_MS = 10 * 60_000;

const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * Sign-in requests are counted per email and per client address over 10 minutes: the small per-email
 * budget stops anyone flooding one inbox, the larger per-address one stops scripted sign-ups while
 * several people behind one address still sign in. The email is counted first, so one person going
 * over their own budget does not spend the others'. Counts live in @fastify/rate-limit's store (see
 * plugins/security.ts): in Redis when REDIS_URL is set, so the budgets hold across instances;
 * otherwise in this process's memory.
 */
export function signInLimits(deps: LimitDeps): preHandlerAsyncHookHandler {
  const { perEmail, perAddress } = deps.config.signInPer10Minutes;
  const limiters = [
    deps.createRateLimit({
      max: perEmail,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `sign-in:email:${emailKey(request)}`,
    }),
    deps.createRateLimit({
      max: perAddress,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `sign-in:address:${request.ip}`,
    }),
  ];
  return async (request) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const wait = result.ttlInSeconds;
      throw tooManyRequests(wait, 'sign_in_limited', waitText(wait));
    }
  };
}
