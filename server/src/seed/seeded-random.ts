import { createHash } from 'node:crypto';

/**
 * A random sequence seeded by a name (mulberry32 over the name's SHA-256), so every drawing made
 * from a username is the same on every run and every machine.
 */
export function randomFor(name: string) {
  let a = createHash('sha256').update(name).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A number from `lo` to `hi`. */
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from nothing');
      return item;
    },
    chance: (p: number) => next() < p,
  };
}

export type Random = ReturnType<typeof randomFor>;
