import { releaseHealthSession, type ApiClient } from '@cove/contracts';

/** Where a tab keeps its release health session (sessionStorage): a reload is the same session. */
const tokenKey = 'cove.health-token';
/** A token is asked anew this long before the server's expiry, so no report goes out with one lapsing. */
const marginMs = 60_000;

interface Kept {
  token: string;
  until: number;
}

export interface HealthTokens {
  /** This tab's token while it holds; otherwise a new one from the server, asked once however many wait. */
  get(): Promise<string>;
  /** Forgets a token the server refused (it lapsed early by the server's clock, or its secret changed). */
  drop(token: string): void;
}

function read(storage: () => Storage): Kept | null {
  try {
    const kept = JSON.parse(storage().getItem(tokenKey) ?? 'null') as Partial<Kept> | null;
    return typeof kept?.token === 'string' && typeof kept.until === 'number'
      ? { token: kept.token, until: kept.until }
      : null;
  } catch {
    return null;
  }
}

/**
 * The tab's release health session (docs/frontend-platform.md, Canary): a token the server signs
 * (`POST /v1/release-health/session`), kept in sessionStorage until shortly before it expires. Storage
 * refused (privacy mode): it is kept in this page only.
 */
export function createHealthTokens(
  api: ApiClient,
  storage: () => Storage = () => window.sessionStorage,
  now: () => number = Date.now,
): HealthTokens {
  let kept = read(storage);
  let asking: Promise<string> | null = null;

  async function ask(): Promise<string> {
    const session = await api.post('/v1/release-health/session', undefined, { schema: releaseHealthSession });
    kept = { token: session.token, until: now() + session.expires_in * 1000 - marginMs };
    try {
      storage().setItem(tokenKey, JSON.stringify(kept));
    } catch {
      // Kept in this page only.
    }
    return session.token;
  }

  return {
    get() {
      if (kept && kept.until > now()) return Promise.resolve(kept.token);
      asking ??= ask().finally(() => {
        asking = null;
      });
      return asking;
    },
    drop(token) {
      if (kept?.token !== token) return;
      kept = null;
      try {
        storage().removeItem(tokenKey);
      } catch {
        // Nothing was kept there.
      }
    },
  };
}
