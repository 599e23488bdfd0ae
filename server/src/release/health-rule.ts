/** One version's figures since a canary began: page sessions that tried it, and those that saw it fail. */
export interface VersionHealth {
  version: string;
  sessions: number;
  failed: number;
  rate: number;
}

/** Fewer canary sessions than this say too little to act on (one unlucky session is 5% of 20). */
export const minCanarySessions = 20;
/** The canary must fail this much more often than stable, in absolute terms… */
export const marginPoints = 0.05;
/** …and at least this many times as often, so a noisy stable version does not hide a real regression. */
export const marginFactor = 2;

export function healthOf(version: string, sessions: number, failed: number): VersionHealth {
  return { version, sessions, failed, rate: sessions === 0 ? 0 : failed / sessions };
}

/**
 * Whether a canary should be rolled back: at least `minCanarySessions` sessions tried it, and its
 * failure rate exceeds stable's by more than 5 percentage points and is more than twice stable's.
 */
export function shouldRollBack(canary: VersionHealth, stable: VersionHealth): boolean {
  if (canary.sessions < minCanarySessions) return false;
  return canary.rate > stable.rate + marginPoints && canary.rate > stable.rate * marginFactor;
}
