import type { RemoteAppProps, RemoteName } from '@cove/contracts';
import type { ComponentType } from 'react';
import { containerName, remoteNames, type Registry } from '@cove/contracts';
import type { LoadedRemote, RemoteLoader } from '../services/remote-loading';
import { registryReader, targetOf, type RemoteTarget } from './registry-client';
import { builtWithOf } from './version-check';

/** The part of the Module Federation runtime the loader uses, so tests can stand in for it. */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteLoaderOptions {
  /** The id the canary assignment hashes (`canaryId()`); without one every remote runs its current version. */
  browserId?: string;
  /** Told once per remote when its `./App` loaded, for the release health counts. */
  onLoaded?(remote: RemoteName, version: string): void;
}

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
}

/** Plain function components, and memo or forwardRef objects. */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * Loads remotes through the registry: the registry is read once (again after a failure), each remote is
 * registered at its current version, and a retry registers it afresh so no failed fetch is reused.
 */
export function createRemoteLoader(
  runtime: FederationRuntime,
  readRegistry: () => Promise<Registry> = registryReader(),
  { browserId = '', onLoaded }: RemoteLoaderOptions = {},
): RemoteLoader {
  let registry: Promise<Registry> | null = null;
  const targets = new Map<RemoteName, RemoteTarget>();
  const loaded = new Map<RemoteName, LoadedRemote>();
  const attempts = new Map<RemoteName, number>();
  /** The version each remote was last tried at, kept after a failure so the report can name it. */
  const tried = new Map<RemoteName, string>();
  /** The entry each remote is registered with in the federation runtime. */
  const registered = new Map<RemoteName, string>();

  function register(remote: RemoteName, entry: string) {
    if (registered.get(remote) === entry) return;
    runtime.registerRemotes([{ name: containerName(remote), entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }

  async function targetFor(remote: RemoteName): Promise<RemoteTarget> {
    const known = targets.get(remote);
    if (known) return known;
    registry ??= readRegistry();
    let reg: Registry;
    try {
      reg = await registry;
    } catch (err) {
      registry = null;
      throw err;
    }
    const target = targetOf(reg, remote, browserId);
    targets.set(remote, target);
    return target;
  }

  return {
    versionOf: (remote) => loaded.get(remote)?.version ?? tried.get(remote) ?? null,
    peek: (remote) => loaded.get(remote) ?? null,
    async warm() {
      let reg: Registry;
      try {
        reg = await (registry ??= readRegistry());
      } catch {
        registry = null; // the first load of a remote reads it again, with its retries
        return;
      }
      for (const remote of remoteNames) {
        if (targets.has(remote) || !reg.remotes[remote]?.current) continue;
        const target = targetOf(reg, remote, browserId);
        targets.set(remote, target);
        register(remote, target.entry);
      }
    },
    async load(remote) {
      const done = loaded.get(remote);
      if (done) return done;
      const attempt = (attempts.get(remote) ?? 0) + 1;
      attempts.set(remote, attempt);
      const target = await targetFor(remote);
      tried.set(remote, target.version);
      try {
        const entry = attempt > 1 ? `${target.entry}?attempt=${attempt}` : target.entry;
        register(remote, entry);
        let mod: { default?: unknown; builtWith?: unknown } | null;
        try {
          mod = await runtime.loadRemote<{ default?: unknown }>(`${containerName(remote)}/App`);
        } catch (err) {
          throw new RemoteLoadError(`${remote}@${target.version} did not load (${describe(err)})`);
        }
        if (!mod || !isComponent(mod.default)) {
          throw new RemoteLoadError(`${remote}@${target.version} has no ./App component`);
        }
        const result: LoadedRemote = {
          version: target.version,
          App: mod.default as ComponentType<RemoteAppProps>,
          builtWith: builtWithOf(mod),
        };
        loaded.set(remote, result);
        onLoaded?.(remote, result.version);
        return result;
      } catch (err) {
        targets.delete(remote);
        registry = null;
        throw err;
      }
    },
  };
}
