import type { DiscoverWarning } from '@cove/contracts';
import type { UserRow } from '../db/schema';

/**
 * Staff's visibility ladder for a creator (docs/rules.md, Creator signals). Each `penalize` takes one
 * step: a first warning, a final warning, then a penalty that puts the creator below everyone else in
 * Discover (functions/discover/discover-rank.sql reads level 3 and its end). A step lapses after its
 * days; a creator whose last step lapsed starts again from the first warning.
 */
const ALERT_DAYS = 30;
const PENALTY_DAYS = 7;

const levels = ['punishment_alert', 'final_punishment_alert', 'penalty'] as const;
const DAY = 24 * 60 * 60 * 1000;

type Ladder = Pick<UserRow, 'punishmentLevel' | 'punishmentReason' | 'punishmentUntil'>;

/** The step standing now: 0 when none, or when the last one lapsed. */
export function standingLevel(u: Ladder, now = new Date()): number {
  return u.punishmentUntil && u.punishmentUntil > now ? u.punishmentLevel : 0;
}

/** The row after one more step (a penalty during a penalty starts a fresh one). */
export function nextStep(u: Ladder, reason: string, now = new Date()): Ladder {
  const level = Math.min(standingLevel(u, now) + 1, 3);
  const days = level === 3 ? PENALTY_DAYS : ALERT_DAYS;
  return {
    punishmentLevel: level,
    punishmentReason: reason,
    punishmentUntil: new Date(now.getTime() + days * DAY),
  };
}

export const lifted: Ladder = { punishmentLevel: 0, punishmentReason: null, punishmentUntil: null };

/** What the creator is told of the ladder: the standing step, its reason and end, or null. */
export function discoverWarningOf(u: Ladder, now = new Date()): DiscoverWarning | null {
  const level = standingLevel(u, now);
  if (level === 0 || !u.punishmentUntil) return null;
  return {
    level: levels[level - 1] ?? 'penalty',
    reason: u.punishmentReason ?? '',
    ends_at: u.punishmentUntil.toISOString(),
  };
}
