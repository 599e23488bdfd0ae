import { build } from 'esbuild';
import pkg from '../../package.json';

/**
 * Bundles a server entry from source the way server/build.mjs does for releases (npm packages left
 * external), so a child process runs the code under test whether or not `dist` is current.
 */
export async function bundleForNode(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: [...Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@cove/')), 'pg-native'],
    logLevel: 'warning',
  });
  return outfile;
}
