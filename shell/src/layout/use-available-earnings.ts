import { accountTotals } from '@cove/contracts';
import { isAborted, Subscription } from '@cove/runtime';
import { useEffect, useState } from 'react';
import type { ShellHost } from '../app/shell-context';

/** Money arriving in bursts (a broadcast's sales, say) is read again once, after this quiet time. */
export const earningsRefreshMs = 1_000;

/**
 * A creator's available earnings for the header (`GET /v1/account/totals`): read when they sign in,
 * then again after a payout moves on or a message is paid or arrives. Null for anyone else, and until
 * the first answer for this creator.
 */
export function useAvailableEarnings(host: ShellHost, creatorId: string | null): number | null {
  const [read, setRead] = useState<{ creatorId: string; available: number } | null>(null);
  useEffect(() => {
    if (!creatorId) return;
    const controller = new AbortController();
    let asked = 0;
    const load = () => {
      const call = ++asked;
      host.api.get('/v1/account/totals', { schema: accountTotals, signal: controller.signal }).then(
        // Only the latest answer counts: an earlier one may arrive after it.
        (totals) => call === asked && setRead({ creatorId, available: totals.available }),
        (err: unknown) => {
          if (!isAborted(err)) console.warn('The header could not read the earnings', err);
        },
      );
    };
    load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(load, earningsRefreshMs);
    };
    const changes = new Subscription();
    for (const type of ['payout_updated', 'payout_completed', 'message_paid', 'new_message'] as const)
      changes.add(host.bus.on(type).subscribe(later));
    return () => {
      controller.abort();
      clearTimeout(timer);
      changes.unsubscribe();
    };
  }, [host, creatorId]);
  return read && read.creatorId === creatorId ? read.available : null;
}
