import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { containerName, type RemoteName } from '@cove/contracts';
import * as z from '../zod';
import { readRemoteManifest } from './manifest';
import { smokeTest } from './smoke-test';

export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

/** What `./App` needs before it renders, as the manifest lists it. */
const firstLoadManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(
    z.object({
      path: z.string(),
      assets: z.optional(
        z.object({
          js: z.optional(z.object({ sync: z.optional(z.array(z.string())) })),
          css: z.optional(z.object({ sync: z.optional(z.array(z.string())) })),
        }),
      ),
    }),
  ),
});

/** Bytes as the server sends a file to a browser that takes brotli: its `.br` copy when there is one. */
async function brotliSize(file: string): Promise<number> {
  const br = await stat(`${file}.br`).catch(() => null);
  return (br ?? (await stat(file))).size;
}

/**
 * A remote's first load in brotli bytes: its manifest, `remoteEntry.js` and `./App`'s initial scripts
 * and styles, counted as the build's size report counts them (shared/build-config/src/sent-size.ts).
 */
export async function firstLoadBytes(dir: string): Promise<number> {
  const manifest = firstLoadManifest.parse(JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')));
  const entry = manifest.metaData.remoteEntry;
  const app = manifest.exposes.find((e) => e.path === './App');
  const files = new Set([
    'mf-manifest.json',
    join(entry.path, entry.name),
    ...(app?.assets?.js?.sync ?? []),
    ...(app?.assets?.css?.sync ?? []),
  ]);
  let total = 0;
  for (const file of files) total += await brotliSize(join(dir, file));
  return total;
}

/** `"cove": { "firstLoadBudgetKb": N }` in `remotes/<remote>/package.json`. */
async function budgetKb(repoRoot: string, remote: RemoteName): Promise<number> {
  const file = join(repoRoot, 'remotes', remote, 'package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as {
    cove?: { firstLoadBudgetKb?: unknown };
  };
  const budget = pkg.cove?.firstLoadBudgetKb;
  if (typeof budget !== 'number' || budget <= 0) {
    throw new PreflightError(
      `${remote} has no first-load budget: set "cove": { "firstLoadBudgetKb": N } in ${file}.`,
    );
  }
  return budget;
}

export interface PreflightOptions {
  /** The shell build the smoke test mounts the remote in (default `<repoRoot>/shell/dist`). */
  shellDir?: string;
  smoke?: typeof smokeTest;
}

/**
 * The checks a build passes before the registry may point at it, beside the shared-singleton check
 * publishing always makes: it exposes `./App`, its first load is within its budget, and it renders its
 * root route in headless Chromium inside the built shell.
 */
export async function preflight(
  repoRoot: string,
  remote: RemoteName,
  dir: string,
  { shellDir = join(repoRoot, 'shell', 'dist'), smoke = smokeTest }: PreflightOptions = {},
): Promise<void> {
  await readRemoteManifest(dir, containerName(remote)).catch((err: Error) => {
    throw new PreflightError(`${remote}: ${err.message}`);
  });
  const budget = await budgetKb(repoRoot, remote);
  const kb = (await firstLoadBytes(dir)) / 1024;
  if (kb > budget) {
    throw new PreflightError(
      `${remote}'s first load is ${kb.toFixed(1)} KB brotli, over its budget of ${budget} KB ` +
        `(remotes/${remote}/package.json "cove.firstLoadBudgetKb").`,
    );
  }
  await smoke(shellDir, remote, dir).catch((err: Error) => {
    throw new PreflightError(err.message);
  });
}
