import { join } from 'node:path';
import type { RemoteName } from '@cove/contracts';
import { firstLoadFiles } from '../release/preflight';

/** One `<link rel="preload">`: what it fetches and how, matching the request the page makes later. */
export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /** A `fetch()` is a CORS request (same-origin credentials): only a `crossorigin` preload matches it. */
  crossorigin: boolean;
}

/**
 * The links that fetch a remote version's first load with the page: its manifest (which the federation
 * runtime reads with a plain `fetch`), `remoteEntry.js` and `./App`'s initial scripts and styles (which
 * it adds as classic `<script>` and `<link rel="stylesheet">` elements, without `crossorigin`). A
 * version whose folder cannot be read gets none: the page then loads it as before.
 */
export async function remotePreloads(mfDir: string, remote: RemoteName, version: string): Promise<Preload[]> {
  const files = await firstLoadFiles(join(mfDir, remote, version)).catch(() => null);
  if (!files) return [];
  const href = (file: string) => `/mf/${remote}/${version}/${file}`;
  return [
    { href: href(files.manifest), as: 'fetch', crossorigin: true },
    { href: href(files.entry), as: 'script', crossorigin: false },
    ...files.styles.map((f): Preload => ({ href: href(f), as: 'style', crossorigin: false })),
    ...files.scripts.map((f): Preload => ({ href: href(f), as: 'script', crossorigin: false })),
  ];
}
