import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { knownVersionFor, remoteForPath, remoteNames, type Registry } from '@cove/contracts';
import { readRegistry } from '../release/registry-store';
import { whenChanged } from './changed-file';
import { type Described, pageWithBootData } from './page-html';
import { remotePreloads } from './remote-preloads';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The page as each encoding sends it. */
export interface PageCopies {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * What the shell needs to pick versions, the canary rules included: each remote's `current` and
 * `canary`, without the versions and history the page never reads (they grow with every release).
 */
function pickingRegistry(reg: Registry): Registry {
  const remotes: Registry['remotes'] = {};
  for (const name of remoteNames) {
    const entry = reg.remotes[name];
    if (entry)
      remotes[name] = { current: entry.current, canary: entry.canary ?? null, versions: [], history: [] };
  }
  return { schemaVersion: reg.schemaVersion, updatedAt: reg.updatedAt, remotes };
}

async function compressed(html: string): Promise<PageCopies> {
  const identity = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gz(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

export interface ShellPageOptions {
  shellDir: string;
  mfDir: string;
  onRegistryError(err: unknown): void;
}

/** Pages that describe themselves (public pages) kept made, at most: the newest stay. */
const DESCRIBED_PAGES = 500;

/**
 * The shell page for a path and a browser: the built `index.html` with the registry and the preloads of
 * the remote that path shows, at the version this browser will run (`knownVersionFor`), and the page's
 * own title, preview tags and first screen when it has them (`described`). The template and the registry are read again
 * only when their files change; each page is made and compressed once per (template, registry, remote
 * version, description), so a request costs two `stat`s and a lookup.
 */
export function createShellPage({ shellDir, mfDir, onRegistryError }: ShellPageOptions) {
  const template = whenChanged(join(shellDir, 'index.html'), (file) => readFile(file, 'utf8'));
  const registry = whenChanged(join(mfDir, 'registry.json'), readRegistry);
  let made: { template: string; registry: Registry | null; pages: Map<string, Promise<PageCopies>> } | null =
    null;

  return async function shellPage(
    pathname: string,
    browserId: string | null,
    described: Described | null = null,
  ): Promise<PageCopies> {
    const [html, reg] = await Promise.all([
      template(),
      // A registry that cannot be read leaves the page as built: the shell fetches it and says why.
      registry().catch((err: unknown) => {
        onRegistryError(err);
        return null;
      }),
    ]);
    if (made?.template !== html || made.registry !== reg)
      made = { template: html, registry: reg, pages: new Map() };
    const remote = remoteForPath(pathname);
    const version = remote && reg ? knownVersionFor(reg.remotes[remote], remote, browserId) : null;
    const key = `${remote && version ? `${remote}@${version}` : ''}${described ? `\n${JSON.stringify(described)}` : ''}`;
    let page = made.pages.get(key);
    if (!page) {
      const links = remote && version ? remotePreloads(mfDir, remote, version) : [];
      page = compressed(pageWithBootData(html, reg && pickingRegistry(reg), links, described));
      // Maps keep insertion order: past the bound, the oldest page goes.
      if (made.pages.size >= DESCRIBED_PAGES) made.pages.delete(made.pages.keys().next().value ?? '');
      made.pages.set(key, page);
    }
    return page;
  };
}
