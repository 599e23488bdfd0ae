import type { ServerEventOf, ServerEventType } from '@cove/contracts';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHost } from '../host/host-context';

/** Under a stream of news, reads of one key start at least this far apart (a lone event reads at once). */
const stormGapMs = 500;

/** Per client, the keys being read again, each with whether news came while it was read. */
const reading = new WeakMap<QueryClient, Map<string, { again: boolean }>>();

/**
 * Reads the queries under `queryKey` again (the shown ones at once, the others when next shown). One
 * read at a time per key, and one more once it answers when news came meanwhile: a burst of news costs
 * two reads however long it is, the last read always starts after the last news, and a steady stream
 * never starves the screen of answers (a debounce would). Under a stream (a busy inbox's thousand
 * messages a second) the follow-up reads start `stormGapMs` apart, so the screen and the server see
 * two reads a second at most.
 */
export function refreshLive(client: QueryClient, queryKey: QueryKey): void {
  let keys = reading.get(client);
  if (!keys) reading.set(client, (keys = new Map()));
  const id = JSON.stringify(queryKey);
  const running = keys.get(id);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  keys.set(id, state);
  const read = async () => {
    let started = 0;
    do {
      const wait = started + stormGapMs - Date.now();
      if (started > 0 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      started = Date.now();
      state.again = false;
      // Joins a read already under way (a page being loaded) rather than cancelling it.
      await client.invalidateQueries({ queryKey }, { cancelRefetch: false }).catch(() => undefined);
    } while (state.again);
    keys.delete(id);
  };
  void read();
}

/**
 * Keeps a number on screen live: while mounted, each server event of these types (that `when`
 * accepts) reads `queryKey` again through `refreshLive`. For figures the server computes and an event
 * only says have changed (totals, spend, earnings, stats).
 */
export function useRefreshOn<K extends ServerEventType>(
  queryKey: QueryKey,
  types: readonly K[],
  when: (event: ServerEventOf<K>) => boolean = () => true,
): void {
  const { bus } = useHost();
  const client = useQueryClient();
  const latest = useRef({ queryKey, when });
  useEffect(() => {
    latest.current = { queryKey, when };
  });
  const typesId = types.join(' ');
  useEffect(() => {
    const subscriptions = typesId.split(' ').map((type) =>
      bus.on(type as K).subscribe((event) => {
        if (latest.current.when(event)) refreshLive(client, latest.current.queryKey);
      }),
    );
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [bus, client, typesId]);
}
