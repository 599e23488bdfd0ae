import { open, readFile, rename, rm, stat } from 'node:fs/promises';

export interface LockOptions {
  /** Give up after this long. */
  timeoutMs?: number;
  /** A lock older than this whose owner is gone is taken over. */
  staleMs?: number;
  pollMs?: number;
}

export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

function ownerAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's text when its owner is gone or it is too old, otherwise null. */
async function staleText(lockFile: string, staleMs: number): Promise<string | null> {
  try {
    const [info, text] = await Promise.all([stat(lockFile), readFile(lockFile, 'utf8')]);
    const pid = Number(text.split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && !ownerAlive(pid)) return text;
    return Date.now() - info.mtimeMs > staleMs ? text : null;
  } catch {
    return null; // gone already, or being written: try again
  }
}

/**
 * Moves a stale lock aside with a rename (only one contender can win it), and puts it back if what was
 * moved is not the lock that was judged stale (another process took over in between).
 */
async function takeOver(lockFile: string, judged: string): Promise<void> {
  const aside = `${lockFile}.${process.pid}.${Date.now()}`;
  try {
    await rename(lockFile, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved === judged) await rm(aside, { force: true });
  else await rename(aside, lockFile).catch(() => rm(aside, { force: true }));
}

/**
 * Runs `fn` while holding an exclusive lock file (created with O_EXCL, so two processes never both
 * win). Concurrent releases therefore write the registry one after the other.
 */
export async function withFileLock<T>(
  lockFile: string,
  fn: () => Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, staleMs = 120_000, pollMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stale = await staleText(lockFile, staleMs);
      if (stale !== null) {
        await takeOver(lockFile, stale);
        continue;
      }
      if (Date.now() > deadline)
        throw new LockTimeoutError(`Another release holds ${lockFile}; try again shortly.`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockFile, { force: true });
  }
}
