import { type EngagementSignals, engagementSignals, GET_MORE_CHATS_BELOW } from '@cove/contracts';
import { isAborted, Subscription } from '@cove/runtime';
import { useEffect, useState } from 'react';
import type { ShellHost } from '../services/shell-context';

/** Counts no message can change a banner of any more: past the thresholds of banners.ts. */
const settled = (s: EngagementSignals) => s.chats > 0 && s.new_chats >= GET_MORE_CHATS_BELOW;

/**
 * The counts behind the engagement banners (`GET /v1/users/me/signals`): read at sign-in and again
 * when a message or a chat change arrives while they could still move a banner (a first chat ends
 * "start first chat" at once), and whenever staff step the visibility ladder (the place in Discover
 * moves); one read at a time, so a busy inbox costs nothing.
 * Null until the first answer for this person.
 */
export function useEngagementSignals(host: ShellHost, userId: string | null): EngagementSignals | null {
  const [read, setRead] = useState<{ userId: string; signals: EngagementSignals } | null>(null);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let reading = false;
    let again = false;
    let latest: EngagementSignals | null = null;
    const load = (force = false) => {
      if (!force && latest && settled(latest)) return;
      if (reading) {
        again ||= force;
        return;
      }
      reading = true;
      host.api
        .get('/v1/users/me/signals', { schema: engagementSignals, signal: controller.signal })
        .then(
          (signals) => {
            latest = signals;
            setRead({ userId, signals });
          },
          (err: unknown) => {
            if (!isAborted(err)) console.warn('The banners could not read the signals', err);
          },
        )
        .finally(() => {
          reading = false;
          if (again) {
            again = false;
            load(true);
          }
        });
    };
    load();
    const changes = new Subscription();
    for (const type of ['chat_updated', 'new_message'] as const)
      changes.add(host.bus.on(type).subscribe(() => load()));
    // Staff's step moves the creator's place in Discover: read it again, whatever else holds.
    changes.add(host.bus.on('discover_warning').subscribe(() => load(true)));
    return () => {
      controller.abort();
      changes.unsubscribe();
    };
  }, [host, userId]);
  return read && read.userId === userId ? read.signals : null;
}
