import type { ReleaseActionResult, ReleaseRemote, ReleaseVersionHealth } from '@cove/contracts';

/** What a release manager asked for, before it is confirmed. */
export type ReleasePlan =
  | { kind: 'publish'; version: string }
  | { kind: 'canary'; version: string }
  | { kind: 'promote' }
  | { kind: 'rollback'; to?: string };

/** The dialog's title, what will change, and its confirm button's words. */
export function describePlan(r: ReleaseRemote, plan: ReleasePlan, percent: number) {
  const current = r.current ?? 'nothing';
  switch (plan.kind) {
    case 'publish':
      return {
        title: `Publish ${r.remote} ${plan.version}?`,
        change: `Every browser moves from ${current} to ${plan.version} on its next page load. The build passes the publish checks first (its first visit within budget, a smoke test in a browser), which can take a minute.`,
        action: 'Publish',
      };
    case 'canary':
      return {
        title: `Start a canary of ${r.remote}?`,
        change: `${percent}% of browsers run ${plan.version}, the others stay on ${current}. The publish checks run first. If the canary fails more often than ${current}, the server rolls it back by itself.`,
        action: 'Start canary',
      };
    case 'promote':
      return {
        title: `Promote ${r.remote}'s canary?`,
        change: `Every browser moves from ${current} to ${r.canary?.version ?? 'the canary'}.`,
        action: 'Promote',
      };
    case 'rollback':
      if (r.canary && !plan.to) {
        return {
          title: `End ${r.remote}'s canary?`,
          change: `Every browser runs ${current} again; ${r.canary.version} stays stored.`,
          action: 'End canary',
        };
      }
      return {
        title: `Roll ${r.remote} back?`,
        change: `Every browser moves from ${current} to ${plan.to ?? r.previous ?? 'the previous version'} on its next page load. Nothing is rebuilt.`,
        action: 'Roll back',
      };
  }
}

/** What the server did, in a sentence. */
export function describeResult(r: ReleaseActionResult): string {
  if (!r.changed) return `Nothing changed: ${r.remote} already ran that way.`;
  switch (r.action) {
    case 'canary':
      return `${r.remote}: ${r.to} runs for ${r.percent ?? 0}% of browsers.`;
    case 'promote':
      return `${r.remote}: every browser now runs ${r.to} (canary promoted).`;
    case 'canary-end':
    case 'auto-rollback':
      return `${r.remote}: the canary ${r.from ?? ''} ended; every browser runs ${r.to}.`;
    default:
      return `${r.remote}: ${r.from ?? '(none)'} → ${r.to}.`;
  }
}

/** One version's error rate, as `release status` prints it. */
export function healthText(h: ReleaseVersionHealth): string {
  const percent = `${(h.rate * 100).toFixed(1)}%`;
  return `${h.failed}/${h.sessions} sessions failed (${percent}), in ${h.failedNetworks}/${h.networks} networks`;
}
