import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Client } from './api';

export const CARDS = {
  visa: '4242424242424242',
  master: '5555555555554444',
  threeDs: '4000000000003220',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  expired: '4000000000000069',
} as const;

export const browserInfo = {
  user_agent: 'jest',
  language: 'en-GB',
  java_enabled: false,
  color_depth: 24,
  screen_width: 1280,
  screen_height: 800,
  time_zone: 'Europe/London',
  time_zone_offset: 0,
};

/** The card form's step: the card goes to the provider, Cove gets a token. */
export async function tokenize(app: FastifyInstance, number: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/v1/tokens',
    payload: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  });
  if (res.statusCode !== 200) throw new Error(`tokenize: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** `POST /v1/payment` for a package with a new card, as the get-credits page sends it. */
export async function payWithCard(
  app: FastifyInstance,
  api: Client,
  number: string,
  extra: Record<string, unknown> = {},
) {
  return api.post('/v1/payment', {
    amount: 100,
    success_url: '/3ds-callback?3ds=success&paymentType=credits',
    fail_url: '/3ds-callback?3ds=error&paymentType=credits',
    browser_info: browserInfo,
    card_token: await tokenize(app, number),
    idempotency_key: randomUUID(),
    ...extra,
  });
}

/** Polls until `check` holds: webhooks arrive through the job queue, a moment after the change. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 15_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
