import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** Runs a support action as staff would (`npm run admin -- <command> <email>`), against the test server. */
export function admin(dataDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'server', 'dist', 'admin-cli.js'), ...args, '--as', 'e2e'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`admin ${args.join(' ')}: ${out}`)),
    );
  });
}
