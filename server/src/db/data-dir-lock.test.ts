import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('the data folder lock', () => {
  it('claims a free folder and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cove-lock-'));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'cove.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'cove.pid'))).toBe(false);
  });

  it('refuses a folder held by another live process, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cove-lock-'));
    writeFileSync(join(dir, 'cove.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.ppid})`);
  });

  it('takes over a claim left by a process that died', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cove-lock-'));
    writeFileSync(join(dir, 'cove.pid'), '999999999');
    lockDataDir(dir);
    expect(readFileSync(join(dir, 'cove.pid'), 'utf8')).toBe(String(process.pid));
  });
});
