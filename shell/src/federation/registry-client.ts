import {
  manifestUrl,
  registry,
  registryElementId,
  registryPath,
  versionFor,
  type Registry,
  type RemoteName,
} from '@cove/contracts';

export interface RemoteTarget {
  remote: RemoteName;
  version: string;
  /** The version's `mf-manifest.json`. */
  entry: string;
}

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

/** Reads `/mf/registry.json` past every cache: it is the one thing that changes on a release. */
export async function fetchRegistry(
  fetchImpl: typeof fetch = (i, init) => window.fetch(i, init),
): Promise<Registry> {
  let res: Response;
  try {
    res = await fetchImpl(registryPath, { cache: 'no-store', credentials: 'same-origin' });
  } catch {
    throw new RegistryError('The release registry could not be reached.');
  }
  if (!res.ok) throw new RegistryError(`The release registry answered ${res.status}.`);
  return parseRegistry(await res.json().catch(() => null));
}

export function parseRegistry(data: unknown): Registry {
  const parsed = registry.safeParse(data);
  if (!parsed.success) throw new RegistryError('The release registry is not in the expected shape.');
  return parsed.data;
}

/** The registry the server wrote into the page, or null when it wrote none (a dev or test server) or a bad one. */
function registryInPage(doc: Document): Registry | null {
  const text = doc.getElementById(registryElementId)?.textContent;
  if (!text) return null;
  try {
    return parseRegistry(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Reads the registry: the first read takes the copy written into the page (it is as fresh as the page,
 * which is never cached), so the first screen waits for no fetch; every later read (a retry after a
 * failed load, which must see a rollback made since) and a page without a copy fetch `/mf/registry.json`.
 */
export function registryReader(doc: Document = document, fetchImpl?: typeof fetch): () => Promise<Registry> {
  let inPage = registryInPage(doc);
  return () => {
    const copy = inPage;
    inPage = null;
    return copy ? Promise.resolve(copy) : fetchRegistry(fetchImpl);
  };
}

/**
 * Where the version this browser runs lives: the canary when `browserId` falls in its share, else the
 * current one; or an error saying why there is none. Every browser reads the same registry and picks
 * for itself, so the registry stays one static file and the id never leaves the browser.
 */
export function targetOf(reg: Registry, remote: RemoteName, browserId = ''): RemoteTarget {
  const entry = reg.remotes[remote];
  const version = entry ? versionFor(entry, remote, browserId) : null;
  if (!version) throw new RegistryError(`No version of ${remote} has been released.`);
  return { remote, version, entry: manifestUrl(remote, version) };
}
