import { versionFor, type RegistryRemote, type RemoteName } from './registry';

/**
 * The cookie the shell keeps its canary id in besides localStorage, so the server can preload the
 * versions the page will pick (docs/frontend-platform.md, Canary). Nothing else reads it.
 */
export const canaryIdCookie = 'cove-canary-id';

/** What a canary id looks like; anything else is treated as no id. */
export const canaryIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The canary id in a `Cookie` header or `document.cookie` (the same `name=value; …` list), or null
 * when there is none that is valid.
 */
export function canaryIdInCookies(cookies: string | undefined): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== canaryIdCookie) continue;
    const value = part.slice(eq + 1).trim();
    return canaryIdPattern.test(value) ? value : null;
  }
  return null;
}

/**
 * The version of `remote` a page will run, when that is known before the page runs: the one
 * `versionFor` gives the browser's id, or `current` when no canary runs. A browser whose id is not
 * known (a first visit) gets null while a canary runs: it could land on either side.
 */
export function knownVersionFor(
  entry: RegistryRemote | undefined,
  remote: RemoteName,
  browserId: string | null,
): string | null {
  if (!entry) return null;
  if (browserId === null) return entry.canary ? null : entry.current;
  return versionFor(entry, remote, browserId);
}
