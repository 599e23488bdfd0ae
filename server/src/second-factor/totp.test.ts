import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, stepAt, totpAt } from './totp';

// RFC 6238 appendix B, SHA-1: the ASCII key "12345678901234567890", 8 digits.
const rfcKey = Buffer.from('12345678901234567890', 'ascii');
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(vectors)('RFC 6238 vector at %i s', (seconds, code) => {
    expect(hotp(rfcKey, stepAt(seconds * 1000), 8)).toBe(code);
  });

  it('RFC 4226 HOTP vectors (6 digits)', () => {
    const codes = ['755224', '287082', '359152', '969429', '338314', '254676'];
    codes.forEach((code, counter) => expect(hotp(rfcKey, counter)).toBe(code));
  });

  it('base32 round-trips the RFC key as apps know it', () => {
    expect(base32Encode(rfcKey)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(rfcKey);
  });

  it('accepts the step before and after, nothing further, and no malformed code', () => {
    const secret = base32Encode(rfcKey);
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(secret, totpAt(secret, now + 60_000), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URI apps scan', () => {
    expect(otpauthUri('ABC', 'ada@example.com')).toBe(
      'otpauth://totp/Cove%3Aada%40example.com?secret=ABC&issuer=Cove&algorithm=SHA1&digits=6&period=30',
    );
  });
});
