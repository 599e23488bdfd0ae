import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The libraries every part of the site must run as one copy: the shell provides them and each remote
 * consumes the shell's copy. Module Federation shares a module whole, never tree-shaken, so routing and
 * streams are shared through `@cove/router` and `@cove/rx`, which re-export only what the site uses
 * (react-router and rxjs themselves are bundled into those modules, not shared). Subpath imports
 * (`react-dom/client`) are covered by the trailing-slash keys. Nothing else is shared: contracts, runtime
 * and ui are bundled into each remote.
 */
export const singletonNames = ['react', 'react-dom', '@cove/router', 'valtio', '@cove/rx'] as const;

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
}

function installedVersion(packageDir: string, name: string): string {
  const require = createRequire(join(packageDir, 'package.json'));
  return (require(`${name}/package.json`) as { version: string }).version;
}

/**
 * The range a part asks for: its declared range; for a workspace module (`workspace:*`), the version it
 * was built with or any later one of the same major, since a module that gained an export is a minor version.
 */
function requiredRange(deps: Record<string, string>, name: string, version: string): string {
  const declared = deps[name];
  if (declared && /^[\^~]?\d/.test(declared)) return declared;
  return `^${version}`;
}

/**
 * Keys that share a package's subpath imports. A trailing-slash key covers every subpath; valtio gets
 * its public subpaths by name, since Node reports resolving `valtio/` against its `./*` exports map as
 * deprecated on every build. The workspace modules have no subpaths.
 */
function subpathKeys(name: (typeof singletonNames)[number]): string[] {
  if (name === 'valtio')
    return ['valtio/vanilla', 'valtio/react', 'valtio/utils', 'valtio/vanilla/utils', 'valtio/react/utils'];
  if (name.startsWith('@cove/')) return [];
  return [`${name}/`];
}

/** Module Federation `shared` config for the package in `packageDir`. */
export function sharedSingletons(packageDir: string): Record<string, SharedEntry> {
  const pkg = createRequire(join(packageDir, 'package.json'))('./package.json') as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const deps = { ...pkg.peerDependencies, ...pkg.dependencies };
  const shared: Record<string, SharedEntry> = {};
  for (const name of singletonNames) {
    const version = installedVersion(packageDir, name);
    const entry: SharedEntry = {
      singleton: true,
      requiredVersion: requiredRange(deps, name, version),
      version,
    };
    shared[name] = entry;
    for (const key of subpathKeys(name)) shared[key] = { ...entry };
  }
  return shared;
}
