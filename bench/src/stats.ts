export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

export function summarise(samples: number[]): { n: number; p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** The min, median and max of repeated measurements, rounded to `digits`. */
export function spread(xs: number[], digits = 2) {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    min: round(sorted[0] ?? NaN, digits),
    median: round(percentile(sorted, 50), digits),
    max: round(sorted.at(-1) ?? NaN, digits),
  };
}

async function timed(job: () => Promise<unknown>, samples: number[]) {
  const start = process.hrtime.bigint();
  await job();
  samples.push(ms(start));
}

/** Jobs timed in alternation after a few untimed runs each, so all see the same machine. */
export async function timeSideBySide(runs: number, ...jobs: (() => Promise<unknown>)[]) {
  for (let i = 0; i < 5; i++) for (const job of jobs) await job();
  const samples = jobs.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) for (const [k, job] of jobs.entries()) await timed(job, samples[k] ?? []);
  return samples.map(summarise);
}
