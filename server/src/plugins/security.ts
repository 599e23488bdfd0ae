import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RouteCodes } from '../errors';
import { pageScriptHash } from '../inline-script';

export interface SecurityOptions {
  rateLimitPerMinute: number;
  /** More origins the page may call (a separate upload origin). */
  connectSrc?: string[];
  /** Cloudflare Turnstile's widget must load from its own origin when that bot check is on. */
  turnstile?: boolean;
  /** A remote may run from a developer's dev server on this machine (`npm run dev -- <remote>`). */
  devRemotes?: boolean;
}

/** Whether a matched route pattern is an API route (`/v1/...`, `/v2/...`); unmatched requests have none. */
const isApiRoute = (pattern: string | undefined) => pattern !== undefined && /^\/v\d+\//.test(pattern);

/** The rate limit's answer, on the API routes it meters. */
export const securityCodes: RouteCodes = (route) => (isApiRoute(route.url) ? ['rate_limited'] : []);

const TURNSTILE = 'https://challenges.cloudflare.com';
const DEV_SERVERS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** Security headers on every answer, and a per-address request budget on the API (shared through Redis when set). */
export const security = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    const dev = opts.devRemotes ? DEV_SERVERS : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", pageScriptHash, ...(opts.turnstile ? [TURNSTILE] : []), ...dev],
          frameSrc: ["'self'", ...(opts.turnstile ? [TURNSTILE] : [])],
          // Remotes inject their CSS modules as <style> elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'", ...dev],
          imgSrc: ["'self'", 'data:', 'blob:', ...dev],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:', ...(opts.connectSrc ?? []), ...dev],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    // With REDIS_URL every instance counts in Redis, so a budget holds however requests are spread.
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, {
          // A Redis outage fails a count at once instead of queueing requests behind reconnects…
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
        })
      : undefined;
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limit: redis unavailable'));
      app.addHook('onClose', async () => redis.disconnect());
    }
    await app.register(rateLimit, {
      max: opts.rateLimitPerMinute,
      timeWindow: '1 minute',
      // Static files and health probes are not metered; the API is. The route a request matched is
      // asked, not its raw URL: the router decodes the path, so `/%76%31/...` reaches `/v1/...` too.
      allowList: (request) => !isApiRoute(request.routeOptions.url),
      ...(redis ? { redis, nameSpace: 'cove:rate-limit:' } : {}),
      // …and a failed count lets the request through: limits pause rather than the API.
      skipOnError: true,
    });
  },
  { name: 'security', decorators: { fastify: ['config'] } },
);
