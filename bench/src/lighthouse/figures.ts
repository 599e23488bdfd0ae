import { spread } from '../stats';
import type { CacheState, PageFigures } from './audit';

/**
 * The performance goals each route is held to (the baselines, the bare React page and the public page's
 * static twin, are the yardsticks, not held to them). The LCP ratio is over the route's baseline.
 */
const goals = {
  lcp_ms: 2500,
  lcp_ratio: 1.5,
  tbt_ms: 200,
  cls: 0.02,
  score: 90,
  kib: 150,
};
export const goalsText = `LCP ≤ ${goals.lcp_ms} ms and ≤ ${goals.lcp_ratio}x baseline, TBT ≤ ${goals.tbt_ms} ms, CLS ≤ ${goals.cls}, score ≥ ${goals.score}, page, scripts and styles ≤ ${goals.kib} KiB (cold)`;

type Spread = ReturnType<typeof spread>;

/** One page's runs as min / median / max of each figure, with its LCP over its baseline's, run by run. */
export function summarisePage(runs: PageFigures[], baseline: PageFigures[]) {
  const of = (key: keyof PageFigures, digits: number) =>
    spread(
      runs.map((r) => r[key]),
      digits,
    );
  return {
    lcp_ms: of('lcp_ms', 0),
    lcp_ratio: spread(
      runs.map((r, i) => r.lcp_ms / (baseline[i]?.lcp_ms ?? NaN)),
      2,
    ),
    tbt_ms: of('tbt_ms', 0),
    cls: of('cls', 3),
    score: of('score', 0),
    kib: of('kib', 1),
    code_kib: of('code_kib', 1),
  };
}
type PageSummary = ReturnType<typeof summarisePage>;

/** The goals a route misses on its median; the byte goal is a first visit's, so only cold runs are held to it. */
export function missedGoals(s: PageSummary, cache: CacheState): string[] {
  const missed: string[] = [];
  if (s.lcp_ratio.median > goals.lcp_ratio || s.lcp_ms.median > goals.lcp_ms) missed.push('LCP');
  if (s.tbt_ms.median > goals.tbt_ms) missed.push('TBT');
  if (s.cls.median > goals.cls) missed.push('CLS');
  if (s.score.median < goals.score) missed.push('score');
  if (cache === 'cold' && s.code_kib.median > goals.kib) missed.push('bytes');
  return missed;
}

const shown = (s: Spread) => (s.min === s.max ? `${s.median}` : `${s.median} (${s.min}–${s.max})`);

/** A console row: each figure as its median with the min–max range. */
export function tableRow(page: string, s: PageSummary, missed: string[] | null) {
  return {
    page,
    'LCP ms': shown(s.lcp_ms),
    'LCP / baseline': shown(s.lcp_ratio),
    'TBT ms': shown(s.tbt_ms),
    CLS: shown(s.cls),
    score: shown(s.score),
    'code KiB': shown(s.code_kib),
    'all KiB': shown(s.kib),
    misses: missed === null ? '(baseline)' : missed.join(', ') || 'none',
  };
}
