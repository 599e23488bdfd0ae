import { healthTokens, healthTokenTtlSeconds } from './health-token';

const secret = Buffer.from('a-release-health-secret-of-32-chars!!');

describe('release health tokens', () => {
  it('names a fresh session, and the same network for addresses of one /24', () => {
    const tokens = healthTokens(secret);
    const a = tokens.verify(tokens.issue('203.0.113.7'));
    const b = tokens.verify(tokens.issue('203.0.113.99'));
    const c = tokens.verify(tokens.issue('198.51.100.7'));
    expect(a?.session).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a?.session).not.toBe(b?.session);
    expect(a?.network).toBe(b?.network);
    expect(a?.network).not.toBe(c?.network);
    expect(a?.network).not.toContain('203');
  });

  it('refuses a token that was changed, made up or signed with another secret', () => {
    const tokens = healthTokens(secret);
    const token = tokens.issue('203.0.113.7');
    const [session = '', issued = '', network = '', signature = ''] = token.split('.');
    const other = tokens.issue('198.51.100.7').split('.')[2] ?? '';
    expect(tokens.verify(`${session}.${issued}.${other}.${signature}`)).toBeNull();
    expect(tokens.verify(`${'x'.repeat(22)}.${issued}.${network}.${signature}`)).toBeNull();
    expect(tokens.verify(`${session}.${issued}.${network}.${'A'.repeat(43)}`)).toBeNull();
    expect(tokens.verify('session-1234')).toBeNull();
    expect(healthTokens(Buffer.from('another-secret-that-is-32-chars-long')).verify(token)).toBeNull();
  });

  it('expires after its lifetime, and is not taken from further ahead than clock skew', () => {
    let at = Date.parse('2026-03-01T10:00:00Z');
    const tokens = healthTokens(secret, () => at);
    const token = tokens.issue('203.0.113.7');
    at += healthTokenTtlSeconds * 1000;
    expect(tokens.verify(token)).not.toBeNull();
    at += 1000;
    expect(tokens.verify(token)).toBeNull();
    const future = tokens.issue('203.0.113.7');
    at -= 5 * 60_000;
    expect(tokens.verify(future)).toBeNull();
  });
});
