import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { ledgerTransactions } from '../../src/db/schema';
import { renewDue } from '../../src/subscriptions/renew';
import type { Party } from '../helpers/chats';
import type { TestApp } from '../helpers/test-app';

export const DAY = 24 * 60 * 60 * 1000;
export const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

export const sweep = (t: TestApp, now: Date) => renewDue({ db: t.db, realtime: t.app.realtime }, now);

/** The ledger charges of one subscription, by period. */
export const chargesOf = (t: TestApp, id: string) =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `subscription:${id}:%`))
    .then((rows) => rows.sort((a, b) => a.idempotencyKey?.localeCompare(b.idempotencyKey ?? '') ?? 0));

export const setBundles = (creator: Party, bundles: { months: number; percent_off: number }[]) =>
  creator.api.put('/v1/subscription-offers/bundles', { bundles });

export const buy = (fan: Party, creator: Party, months: number, total?: number, sendId = randomUUID()) =>
  fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: sendId, months, total });

export async function trialLink(
  creator: Party,
  fields: { trial_days?: number; max_uses?: number; days?: number } = {},
) {
  const res = await creator.api.post('/v1/subscription-offers/trial-links', {
    trial_days: fields.trial_days ?? 7,
    max_uses: fields.max_uses ?? 10,
    expires_at: new Date(Date.now() + (fields.days ?? 10) * DAY).toISOString(),
  });
  if (res.statusCode !== 200) throw new Error(`trial link: ${res.body}`);
  return res.json().data as { _id: string; code: string; path: string; used: number; status: string };
}

export const redeem = (
  fan: Party,
  code: string,
  renew: boolean,
  price?: number,
  sendId: string = randomUUID(),
) => fan.api.post('/v1/subscriptions/trial', { code, send_id: sendId, renew, ...(price ? { price } : {}) });

export const promote = (
  creator: Party,
  fields: {
    audience?: 'new' | 'returning';
    percent_off?: number;
    max_uses?: number | null;
    days?: number;
  } = {},
) =>
  creator.api.post('/v1/subscription-offers/promotions', {
    audience: fields.audience ?? 'new',
    percent_off: fields.percent_off ?? 50,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + (fields.days ?? 7) * DAY).toISOString(),
    max_uses: fields.max_uses ?? null,
  });
