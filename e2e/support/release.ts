import { spawn } from 'node:child_process';
import { registry, type Registry, type RemoteName } from '@cove/contracts';
import { releaseCli, repoRoot } from './paths';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the release CLI as an operator would, against the test server's data folder. */
export function release(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [releaseCli, ...args, '--data-dir', dataDir], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export async function fetchRegistry(baseUrl: string): Promise<Registry> {
  const res = await fetch(`${baseUrl}/mf/registry.json`);
  if (!res.ok) throw new Error(`registry answered ${res.status}`);
  return registry.parse(await res.json());
}

export async function currentVersion(baseUrl: string, remote: RemoteName): Promise<string> {
  const version = (await fetchRegistry(baseUrl)).remotes[remote]?.current;
  if (!version) throw new Error(`${remote} has no current version`);
  return version;
}
