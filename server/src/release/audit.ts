import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RemoteName } from '@cove/contracts';

export interface AuditEntry {
  at: string;
  action: 'publish' | 'rollback';
  remote: RemoteName;
  from: string | null;
  to: string;
  /** Who ran it: the OS user, when known. */
  by: string;
}

/** One JSON line per change to the registry, appended and never rewritten. */
export async function appendAudit(file: string, entry: AuditEntry): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(entry)}\n`);
}

export async function readAudit(file: string): Promise<AuditEntry[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEntry);
}
