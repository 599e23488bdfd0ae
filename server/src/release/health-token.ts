import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { networkOf } from './health-network';

/** How long a tab may report with one token; the shell asks for a new one after that. */
export const healthTokenTtlSeconds = 3600;
/** Instances' clocks may differ this much: a token issued "in the future" by that little still counts. */
const clockSkewMs = 60_000;

/** Who a report comes from: a session the server issued, and the network it was issued to. */
export interface HealthSender {
  session: string;
  /** A keyed hash of the network (`networkOf`): sessions of one network are told apart from others' without keeping the address. */
  network: string;
}

export interface HealthTokens {
  /** A new session for a tab at `ip`: `<session>.<issued, seconds base 36>.<network>.<signature>`. */
  issue(ip: string): string;
  /** The sender a token names, or null when it is forged, malformed or expired. */
  verify(token: string): HealthSender | null;
}

const tokenShape = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed release health sessions (docs/frontend-platform.md, Canary): the server mints the session ids
 * reports are counted in, so a sender cannot make them up, and each carries the network it was issued
 * to, so the count can be capped per network. HMAC-SHA256 with the release health secret.
 */
export function healthTokens(secret: Buffer, now: () => number = Date.now): HealthTokens {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const signature = (body: string) => mac(`release-health-token:${body}`);
  return {
    issue(ip) {
      const session = randomBytes(16).toString('base64url');
      const issued = Math.floor(now() / 1000).toString(36);
      const network = mac(`release-health-network:${networkOf(ip)}`).slice(0, 16);
      const body = `${session}.${issued}.${network}`;
      return `${body}.${signature(body)}`;
    },
    verify(token) {
      const match = tokenShape.exec(token);
      if (!match?.[1] || !match[2] || !match[3] || !match[4]) return null;
      const expected = Buffer.from(signature(`${match[1]}.${match[2]}.${match[3]}`));
      if (!timingSafeEqual(expected, Buffer.from(match[4]))) return null;
      const age = now() - parseInt(match[2], 36) * 1000;
      if (age > healthTokenTtlSeconds * 1000 || age < -clockSkewMs) return null;
      return { session: match[1], network: match[3] };
    },
  };
}
