import {
  manifestUrl,
  registry,
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
