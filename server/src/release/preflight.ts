import { join } from 'node:path';
import {
  firstVisitBudgetKb,
  firstVisitProblem,
  remoteFirstLoad,
  shellFirstVisit,
} from '@cove/build-config/first-visit';
import { containerName, type RemoteName } from '@cove/contracts';
import { readRemoteManifest } from './manifest';
import { smokeTest } from './smoke-test';

export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

/**
 * Fails a build whose pages' first visit, the served shell's page with this build's first load, is past
 * the remote's budget, counted as the build counts it (`@cove/build-config/first-visit`).
 */
function checkFirstVisit(repoRoot: string, remote: RemoteName, dir: string, shellDir: string) {
  const shell = shellFirstVisit(shellDir);
  if (!shell)
    throw new PreflightError(`No built shell at ${shellDir} to measure ${remote}'s first visit with.`);
  const problem = firstVisitProblem(
    `the ${remote} pages`,
    [
      { name: 'shell', size: shell.size },
      { name: remote, size: remoteFirstLoad(dir).size },
    ],
    firstVisitBudgetKb(join(repoRoot, 'remotes', remote)),
    `remotes/${remote}/package.json`,
  );
  if (problem) throw new PreflightError(problem);
}

export interface PreflightOptions {
  /** The shell build the smoke test mounts the remote in (default `<repoRoot>/shell/dist`). */
  shellDir?: string;
  smoke?: typeof smokeTest;
}

/**
 * The checks a build passes before the registry may point at it, beside the shared-singleton check
 * publishing always makes: it exposes `./App`, its pages' first visit is within its budget, and it renders its
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
  checkFirstVisit(repoRoot, remote, dir, shellDir);
  await smoke(shellDir, remote, dir).catch((err: Error) => {
    throw new PreflightError(err.message);
  });
}
