import { accountTotals } from '@cove/contracts';
import { isAborted, Subscription } from '@cove/runtime';
import { useEffect, useState } from 'react';
import type { ShellHost } from '../services/shell-context';

/** Money arriving in bursts (a broadcast's sales, say) is read again once, after this quiet time. */
export const earningsRefreshMs = 1_000;
/** Read a little after the release, so a server clock slightly behind ours has released it too. */
export const releaseSlackMs = 2_000;
/** A release the server has not made though it is due by our clock: ask again after this. */
const overdueRetryMs = 60_000;
/** The longest delay setTimeout keeps (about 24.8 days); a later release is waited for in steps. */
const maxTimerMs = 2 ** 31 - 1;

/** How long until held earnings become available and are worth reading again; null when none are held. */
function untilRelease(nextReleaseAt: string | null, now = Date.now()): number | null {
  if (!nextReleaseAt) return null;
  const wait = Date.parse(nextReleaseAt) - now;
  return wait > 0 ? Math.min(wait + releaseSlackMs, maxTimerMs) : overdueRetryMs;
}

/**
 * A creator's available earnings for the header (`GET /v1/account/totals`): read when they sign in,
 * then again after a payout moves on or a message is paid or arrives, and when held earnings are
 * released (`next_release_at`). A chargeback or a referral credit sends the creator no event, so those
 * show at the next read. Null for anyone else, and until the first answer for this creator.
 */
export function useAvailableEarnings(host: ShellHost, creatorId: string | null): number | null {
  const [read, setRead] = useState<{ creatorId: string; available: number } | null>(null);
  useEffect(() => {
    if (!creatorId) return;
    const controller = new AbortController();
    let asked = 0;
    let release: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      const call = ++asked;
      host.api.get('/v1/account/totals', { schema: accountTotals, signal: controller.signal }).then(
        (totals) => {
          // Only the latest answer counts: an earlier one may arrive after it.
          if (call !== asked) return;
          setRead({ creatorId, available: totals.available });
          clearTimeout(release);
          const wait = untilRelease(totals.next_release_at);
          if (wait !== null) release = setTimeout(load, wait);
        },
        (err: unknown) => {
          if (!isAborted(err)) console.warn('The header could not read the earnings', err);
        },
      );
    };
    load();
    // One timer a burst: an event only notes its time, and the timer waits on until the news has
    // been quiet for `earningsRefreshMs` (a busy inbox brings a thousand messages a second, and
    // setting a timer for each took a tenth of the page's time).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastNews = 0;
    const settle = () => {
      const wait = lastNews + earningsRefreshMs - Date.now();
      timer = wait > 0 ? setTimeout(settle, wait) : undefined;
      if (wait <= 0) load();
    };
    const later = () => {
      lastNews = Date.now();
      timer ??= setTimeout(settle, earningsRefreshMs);
    };
    const changes = new Subscription();
    const kinds = [
      'payout_updated',
      'payout_completed',
      'earnings_updated',
      'message_paid',
      'new_message',
    ] as const;
    for (const type of kinds) changes.add(host.bus.on(type).subscribe(later));
    return () => {
      controller.abort();
      clearTimeout(timer);
      clearTimeout(release);
      changes.unsubscribe();
    };
  }, [host, creatorId]);
  return read && read.creatorId === creatorId ? read.available : null;
}
