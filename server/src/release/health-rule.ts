/** What one version's reports count once capped (`health-store.ts`): sessions and the networks they came from. */
export interface HealthCounts {
  /** Sessions that tried it, at most `sessionsPerNetwork` of each network. */
  sessions: number;
  /** Of those, the sessions that saw it fail. */
  failed: number;
  /** Networks the counted sessions came from. */
  networks: number;
  /** Networks with a counted failing session. */
  failedNetworks: number;
}

/** One version's figures over a span (since a canary began, say), and its failure rate (failed / sessions). */
export interface VersionHealth extends HealthCounts {
  version: string;
  rate: number;
}

/**
 * Sessions of one network (an IPv4 /24 or IPv6 /48) that count per version; the earliest count. A
 * household's few devices all count, a party minting sessions from one network adds no more than this.
 */
export const sessionsPerNetwork = 2;
/** Fewer canary sessions than this say too little to act on (one unlucky session is 5% of 20). */
export const minCanarySessions = 20;
/** A failure seen from fewer networks than this is not taken for the canary's: it is cheap to forge. */
export const minFailedNetworks = 10;
/** Stable's figure may also come from this long before the canary began (`stableFigure`). */
export const stableBaselineMs = 24 * 3600_000;
/** The canary must fail this much more often than stable, in absolute terms… */
export const marginPoints = 0.05;
/** …and at least this many times as often, so a noisy stable version does not hide a real regression. */
export const marginFactor = 2;

export function healthOf(version: string, counts: HealthCounts): VersionHealth {
  return { version, ...counts, rate: counts.sessions === 0 ? 0 : counts.failed / counts.sessions };
}

/**
 * What the canary is compared with: stable's figure since the canary began or, when lower, over the
 * day before it began (with at least `minCanarySessions` sessions). Failures reported against stable
 * while a canary runs cannot then shield it: a day already past cannot be forged after the fact. A
 * lower figure errs towards rolling back, which only returns everyone to stable.
 */
export function stableFigure(during: VersionHealth, before: VersionHealth): VersionHealth {
  return before.sessions >= minCanarySessions && before.rate < during.rate ? before : during;
}

/**
 * Whether a canary should be rolled back: at least `minCanarySessions` counted sessions tried it,
 * sessions from at least `minFailedNetworks` networks saw it fail, and its failure rate exceeds
 * stable's by more than 5 percentage points and is more than twice stable's.
 */
export function shouldRollBack(canary: VersionHealth, stable: VersionHealth): boolean {
  if (canary.sessions < minCanarySessions || canary.failedNetworks < minFailedNetworks) return false;
  return canary.rate > stable.rate + marginPoints && canary.rate > stable.rate * marginFactor;
}
