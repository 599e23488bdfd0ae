import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RegistryAction, RemoteName } from '@cove/contracts';

/** What the server saw of each version when it rolled a canary back (sessions since the canary began). */
export interface HealthFigures {
  canary: { version: string; sessions: number; failed: number; rate: number };
  stable: { version: string; sessions: number; failed: number; rate: number };
}

export interface AuditEntry {
  at: string;
  action: RegistryAction;
  remote: RemoteName;
  from: string | null;
  to: string;
  /** Who ran it: the OS user, when known, `web:<email>` from the release page, or the server for an automatic rollback. */
  by: string;
  /** Why, as the person who made the change gave it (the release page requires it). */
  reason?: string;
  /** A canary's share of browsers, when one started or changed. */
  percent?: number;
  /** Why an automatic rollback happened. */
  figures?: HealthFigures;
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
