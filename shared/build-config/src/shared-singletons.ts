import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The libraries every part of the site must run as one copy: the shell provides them and each remote
 * consumes the shell's copy. Subpath imports (`react-dom/client`, `rxjs/operators`) are covered by the
 * trailing-slash keys. Nothing else is shared: contracts, runtime and ui are bundled into each remote.
 */
export const singletonNames = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'valtio',
  'rxjs',
] as const;

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
}

function installedVersion(packageDir: string, name: string): string {
  const require = createRequire(join(packageDir, 'package.json'));
  // react-router is reached through react-router-dom, so resolve it from there when it is not a direct dependency.
  const from =
    name === 'react-router' ? dirnameOf(require.resolve('react-router-dom/package.json')) : packageDir;
  const pkg = createRequire(join(from, 'package.json'))(`${name}/package.json`) as { version: string };
  return pkg.version;
}

function dirnameOf(file: string): string {
  return file.slice(0, file.lastIndexOf('/'));
}

/** The range a package asks for: its own declared range, or the installed major for transitive ones. */
function requiredRange(deps: Record<string, string>, name: string, version: string): string {
  const declared = deps[name];
  if (declared && /^[\^~]?\d/.test(declared)) return declared;
  return `^${version.split('.')[0]}.0.0`;
}

/**
 * Keys that share a package's subpath imports. A trailing-slash key covers every subpath; valtio gets
 * its public subpaths by name, since Node reports resolving `valtio/` against its `./*` exports map as
 * deprecated on every build.
 */
function subpathKeys(name: (typeof singletonNames)[number]): string[] {
  if (name === 'valtio')
    return ['valtio/vanilla', 'valtio/react', 'valtio/utils', 'valtio/vanilla/utils', 'valtio/react/utils'];
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
