import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed webhook may be: a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

const digest = (secret: Buffer, timestamp: number, body: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The `cove-signature` header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: Buffer, body: Buffer, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${digest(secret, t, body)}`;
}

/** Whether the header signs exactly these bytes with this secret, recently enough. */
export function verifyWebhook(
  secret: Buffer,
  body: Buffer,
  header: string | undefined,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(digest(secret, t, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
