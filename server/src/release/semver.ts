/**
 * Just enough semver to check a remote's shared ranges against the shell's versions: exact versions,
 * `^`, `~`, comparison operators, `x` wildcards, `*`, hyphen-free space-separated AND, and `||`.
 */
type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/** `1`, `1.2`, `1.x`, `1.2.*` -> the lowest version and how many parts were given. */
function partial(text: string): { low: Triple; parts: number } | null {
  const pieces = text.replace(/^v/, '').split('.');
  const nums: number[] = [];
  for (const p of pieces) {
    if (p === 'x' || p === 'X' || p === '*') break;
    if (!/^\d+$/.test(p)) return null;
    nums.push(Number(p));
  }
  return { low: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], parts: nums.length };
}

function upperOf(low: Triple, parts: number): Triple | null {
  if (parts === 0) return null;
  if (parts === 1) return [low[0] + 1, 0, 0];
  if (parts === 2) return [low[0], low[1] + 1, 0];
  return null;
}

function satisfiesComparator(v: Triple, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  if (!m) return false;
  const op = m[1] ?? '';
  const target = partial(m[2] as string);
  if (!target) return false;
  const { low, parts } = target;
  switch (op) {
    case '^': {
      const upper: Triple =
        low[0] > 0 || parts <= 1
          ? [low[0] + 1, 0, 0]
          : low[1] > 0 || parts <= 2
            ? [0, low[1] + 1, 0]
            : [0, 0, low[2] + 1];
      return compare(v, low) >= 0 && compare(v, upper) < 0;
    }
    case '~': {
      const upper: Triple = parts <= 1 ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0];
      return compare(v, low) >= 0 && compare(v, upper) < 0;
    }
    case '>=':
      return compare(v, low) >= 0;
    case '>':
      return compare(v, low) > 0;
    case '<=':
      return compare(v, low) <= 0;
    case '<':
      return compare(v, low) < 0;
    default: {
      const upper = upperOf(low, parts);
      if (parts === 0) return true;
      return upper ? compare(v, low) >= 0 && compare(v, upper) < 0 : compare(v, low) === 0;
    }
  }
}

export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  if (!v) return false;
  return range.split('||').some((alt) => {
    const comparators = alt
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesComparator(v, c));
  });
}
