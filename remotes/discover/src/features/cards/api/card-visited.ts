import { useHost } from '@cove/runtime';
import { useEffect, useRef } from 'react';

/**
 * `POST /v1/discover/cards/{id}/visited` once for each card shown, so it never comes back. Best effort:
 * a failed record only means the card may be offered again later.
 */
export function useCardVisited(id: string | undefined) {
  const { api } = useHost();
  const visited = useRef(new Set<string>());
  useEffect(() => {
    if (!id || visited.current.has(id)) return;
    visited.current.add(id);
    api.send('POST', `/v1/discover/cards/${encodeURIComponent(id)}/visited`).catch(() => undefined);
  }, [api, id]);
}
