import {
  containerName,
  devRemotesAnswer,
  devRemotesPath,
  remoteName,
  type RemoteName,
} from '@cove/contracts';
import type { FederationRuntime } from './remote-loader';

/**
 * `npm run dev -- <remote>`: a tab opened with `?cove-dev=chat@http://localhost:3101/mf-manifest.json`
 * runs that remote from the developer's dev server instead of the registry's version. The override is
 * kept in the tab's sessionStorage (other tabs and browsers are untouched), `?cove-dev=off` ends it, and
 * it is honoured only when the server answers `/dev/remotes` (ALLOW_DEV_REMOTES, never in production).
 */
export const devRemoteParam = 'cove-dev';
const storageKey = 'cove-dev-remotes';

/** Each overridden remote and the URL of its dev server's `mf-manifest.json`. */
export type DevRemotes = ReadonlyMap<RemoteName, string>;

const noDevRemotes: DevRemotes = new Map();

/** `chat@http://localhost:3101/mf-manifest.json`, or null for anything else (only http and https). */
export function parseDevRemote(value: string): [RemoteName, string] | null {
  const at = value.indexOf('@');
  const remote = remoteName.safeParse(value.slice(0, at));
  if (at < 0 || !remote.success) return null;
  try {
    const url = new URL(value.slice(at + 1));
    return url.protocol === 'http:' || url.protocol === 'https:' ? [remote.data, url.href] : null;
  } catch {
    return null;
  }
}

function stored(storage: Storage): Map<RemoteName, string> {
  try {
    const saved = JSON.parse(storage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    const entries = Object.entries(saved).flatMap(([remote, url]) => {
      const parsed = typeof url === 'string' ? parseDevRemote(`${remote}@${url}`) : null;
      return parsed ? [parsed] : [];
    });
    return new Map(entries);
  } catch {
    return new Map();
  }
}

function save(storage: Storage, remotes: DevRemotes) {
  if (remotes.size === 0) storage.removeItem(storageKey);
  else storage.setItem(storageKey, JSON.stringify(Object.fromEntries(remotes)));
}

/**
 * The overrides this tab asked for: those kept from before, changed by the address's `cove-dev`
 * parameters (which are then taken out of the address, so a copied link carries none).
 */
export function requestedDevRemotes(storage: Storage, location: URL, history?: History): DevRemotes {
  const remotes = stored(storage);
  const asked = location.searchParams.getAll(devRemoteParam);
  if (asked.length === 0) return remotes;
  for (const value of asked) {
    if (value === 'off') remotes.clear();
    const parsed = parseDevRemote(value);
    if (parsed) remotes.set(...parsed);
  }
  save(storage, remotes);
  location.searchParams.delete(devRemoteParam);
  history?.replaceState(history.state, '', `${location.pathname}${location.search}${location.hash}`);
  return remotes;
}

/** Forgets every override of this tab (the badge's Turn off). */
export function clearDevRemotes(storage: Storage) {
  storage.removeItem(storageKey);
}

/**
 * The overrides to run with: none unless the server allows dev remotes, in which case a tab that asked
 * for none makes no request at all. A refusal makes the tab forget what it asked for.
 */
export async function loadDevRemotes(
  storage: Storage | null,
  location: URL,
  history?: History,
  fetchImpl: typeof fetch = (input, init) => window.fetch(input, init),
): Promise<DevRemotes> {
  if (!storage) return noDevRemotes;
  let remotes: DevRemotes;
  try {
    remotes = requestedDevRemotes(storage, location, history);
  } catch {
    return noDevRemotes; // storage refused: the tab runs the released versions
  }
  if (remotes.size === 0) return noDevRemotes;
  const allowed = await fetchImpl(devRemotesPath, { cache: 'no-store', credentials: 'same-origin' })
    .then(async (res) => res.ok && devRemotesAnswer.safeParse(await res.json()).success)
    .catch(() => false);
  if (allowed) return remotes;
  clearDevRemotes(storage);
  console.warn(`This site does not allow dev remotes, so ${[...remotes.keys()].join(', ')} run as released.`);
  return noDevRemotes;
}

/**
 * The federation runtime with each overridden remote registered at its dev server instead: the loader
 * and its checks (the `builtWith` versions, retries, fallback) are the same as for a released version.
 */
export function withDevRemotes(runtime: FederationRuntime, remotes: DevRemotes): FederationRuntime {
  if (remotes.size === 0) return runtime;
  const byContainer = new Map([...remotes].map(([remote, url]) => [containerName(remote), url]));
  return {
    registerRemotes: (list, options) =>
      runtime.registerRemotes(
        list.map((r) => {
          const url = byContainer.get(r.name);
          if (!url) return r;
          // A retry's `?attempt=N` goes along, so a failed fetch is not reused here either.
          const attempt = new URL(r.entry, 'http://registry').searchParams.get('attempt');
          const entry = new URL(url);
          if (attempt) entry.searchParams.set('attempt', attempt);
          return { ...r, entry: entry.href };
        }),
        options,
      ),
    loadRemote: (id) => runtime.loadRemote(id),
  };
}

/** Reloads the page when a dev server says it rebuilt (its `/__cove_dev/events` stream). */
export function reloadOnRebuild(remotes: DevRemotes, reload: () => void): () => void {
  const streams = [
    ...new Set([...remotes.values()].map((url) => new URL('/__cove_dev/events', url).href)),
  ].map((url) => new EventSource(url));
  for (const stream of streams) stream.addEventListener('rebuilt', reload);
  return () => streams.forEach((s) => s.close());
}
