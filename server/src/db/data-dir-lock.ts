import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another live Cove process holds the data folder; the message says which. */
export class DataDirInUseError extends Error {
  constructor(
    dataDir: string,
    readonly holder: number,
  ) {
    super(`The data folder ${dataDir} is in use by another Cove process (pid ${holder}). Stop it first.`);
  }
}

/**
 * One process owns a data folder's embedded PostgreSQL cluster: it starts and stops it. A pid file
 * claims the folder, and a claim left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'cove.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
