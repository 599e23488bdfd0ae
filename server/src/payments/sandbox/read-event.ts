import { cardBrand } from '@cove/contracts';
import * as z from '../../zod';
import { CRYPTO_CURRENCY } from '../packages';
import { DECLINE_REASONS, type ParsedWebhook } from '../provider';

/** A processor's id (`evt_…`, `pi_…`, `card_…`): plain characters only, so it can be stored as text. */
const providerId = z.string().check(z.regex(/^[\w-]{1,200}$/));

const data = z.object({ payment_id: z.string().check(z.maxLength(100)), provider_payment_id: providerId });

const chargedCard = z.object({
  ref: providerId,
  brand: cardBrand,
  last4: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.int().check(z.gte(1), z.lte(12)),
  expYear: z.int().check(z.gte(2000), z.lte(9999)),
});

/** A sandbox event as `SandboxProvider.event` writes it; anything else is not the sandbox's to send. */
const sandboxEvent = z.discriminatedUnion('type', [
  z.object({
    id: providerId,
    type: z.literal('payment.succeeded'),
    data: z.extend(data, { card: z.nullish(chargedCard) }),
  }),
  z.object({
    id: providerId,
    type: z.literal('payment.failed'),
    data: z.extend(data, { reason: z.optional(z.enum(DECLINE_REASONS)) }),
  }),
  z.object({ id: providerId, type: z.enum(['payment.refunded', 'payment.disputed']), data }),
  z.object({
    id: providerId,
    type: z.literal('crypto.paid'),
    data: z.extend(data, {
      amount: z.optional(z.number().check(z.nonnegative())),
      currency: z.optional(z.string().check(z.regex(/^[A-Z]{2,10}$/))),
      fee: z.optional(z.number().check(z.nonnegative())),
    }),
  }),
]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The event in a signed sandbox webhook's body, or why it cannot be used. */
export function readSandboxEvent(rawBody: Buffer): ParsedWebhook {
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(rawBody));
  } catch {
    return { unusable: 'the body is not JSON in UTF-8' };
  }
  const parsed = sandboxEvent.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { unusable: issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'not an event' };
  }
  const e = parsed.data;
  const base = { id: e.id, paymentId: e.data.payment_id, providerPaymentId: e.data.provider_payment_id };
  switch (e.type) {
    case 'payment.succeeded':
      return { event: { ...base, type: e.type, card: e.data.card ?? null } };
    case 'payment.failed':
      return { event: { ...base, type: e.type, reason: e.data.reason ?? 'card_declined' } };
    case 'payment.refunded':
    case 'payment.disputed':
      return { event: { ...base, type: e.type } };
    case 'crypto.paid':
      return {
        event: {
          ...base,
          type: e.type,
          amount: e.data.amount ?? 0,
          currency: e.data.currency ?? CRYPTO_CURRENCY,
          fee: e.data.fee ?? 0,
        },
      };
  }
}
