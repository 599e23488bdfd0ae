import { join } from 'node:path';
import type { RemoteName } from '@cove/contracts';
import { readRemoteFirstLoadFiles } from '@cove/build-config/first-visit';

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
export function remotePreloads(mfDir: string, remote: RemoteName, version: string): Preload[] {
  let files: string[];
  try {
    files = readRemoteFirstLoadFiles(join(mfDir, remote, version));
  } catch {
    return [];
  }
  return files.map((file) => {
    const href = `/mf/${remote}/${version}/${file}`;
    if (file.endsWith('.json')) return { href, as: 'fetch', crossorigin: true };
    return { href, as: file.endsWith('.css') ? 'style' : 'script', crossorigin: false };
  });
}
