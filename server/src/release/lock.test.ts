import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockTimeoutError, withFileLock } from './lock';

async function tempDir() {
  return mkdtemp(join(tmpdir(), 'cove-lock-'));
}

describe('withFileLock', () => {
  it('runs concurrent holders one after the other', async () => {
    const dir = await tempDir();
    const lock = join(dir, '.lock');
    const counter = join(dir, 'counter');
    await writeFile(counter, '0');
    // A read-modify-write with a pause in between loses updates unless the lock serialises it.
    const bump = () =>
      withFileLock(lock, async () => {
        const n = Number(await readFile(counter, 'utf8'));
        await new Promise((r) => setTimeout(r, 5));
        await writeFile(counter, String(n + 1));
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    expect(await readFile(counter, 'utf8')).toBe('10');
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = await tempDir();
    const lock = join(dir, '.lock');
    await writeFile(lock, '999999999\n2020-01-01T00:00:00.000Z\n');
    await expect(withFileLock(lock, async () => 'ran')).resolves.toBe('ran');
  });

  it('gives up after the timeout while a live process holds it', async () => {
    const dir = await tempDir();
    const lock = join(dir, '.lock');
    await writeFile(lock, `${process.pid}\n${new Date().toISOString()}\n`);
    await expect(withFileLock(lock, async () => 'ran', { timeoutMs: 100 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
  });
});
