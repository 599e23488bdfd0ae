import { createHmac } from 'node:crypto';

/** RFC 6238 as authenticator apps use it (SHA-1, 30 s, 6 digits): what a person's phone would show. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function keyOf(secret: string): Buffer {
  const bits = [...secret.replace(/\s/g, '').toUpperCase()]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

export const stepNow = () => Math.floor(Date.now() / 30_000);

export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', keyOf(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A code newer than `lastStep` (codes are taken once, in order), waiting until the server's ±1 step
 * window reaches it; answers the code and its step.
 */
export async function codeAfter(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  const step = lastStep + 1;
  while (stepNow() + 1 < step) await new Promise((resolve) => setTimeout(resolve, 500));
  return { code: codeAt(secret, step), step };
}
