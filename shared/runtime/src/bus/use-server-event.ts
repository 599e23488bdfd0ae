import type { ServerEventOf, ServerEventType } from '@cove/contracts';
import { useEffect, useRef } from 'react';
import { useHost } from '../host/host-context';

/**
 * Runs `handle` for each server event of `type` while the component is mounted (a remote putting
 * realtime events into its cache). The latest `handle` is used without subscribing again.
 */
export function useServerEvent<K extends ServerEventType>(
  type: K,
  handle: (event: ServerEventOf<K>) => void,
): void {
  const { bus } = useHost();
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const subscription = bus.on(type).subscribe((event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [bus, type]);
}
