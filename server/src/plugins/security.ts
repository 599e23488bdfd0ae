import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  rateLimitPerMinute: number;
  /** More origins the page may call (a separate upload origin). */
  connectSrc?: string[];
  /** Cloudflare Turnstile's widget must load from its own origin when that bot check is on. */
  turnstile?: boolean;
}

const TURNSTILE = 'https://challenges.cloudflare.com';

/** Security headers on every answer, and a per-address request budget on the API. */
export const security = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.turnstile ? [TURNSTILE] : [])],
        frameSrc: ["'self'", ...(opts.turnstile ? [TURNSTILE] : [])],
        // Remotes inject their CSS modules as <style> elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(opts.connectSrc ?? [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    max: opts.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Static files and health probes are not metered; the API is.
    allowList: (request) => !/^\/v\d\//.test(request.url),
  });
});
