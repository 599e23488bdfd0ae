import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// The CLI the shell and remotes build with, which loads a TypeScript rspack.config.ts as theirs. Rspack 2
// is ES modules only, which jest's own require cannot load, so builds run in a child process anyway.
const cli = join(__dirname, '..', '..', '..', 'shell', 'node_modules', '.bin', 'rspack');
const src = join(__dirname, '..', 'src');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A temporary folder holding `files` (name to contents), removed after the test file. */
export function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cove-build-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Where a config file in a temporary folder imports this package's `src/<name>` from. */
export const srcModule = (name: string) => JSON.stringify(join(src, name));

export interface RspackRun {
  /** The exit code once the CLI ends (null when stopped by a signal). */
  exited: Promise<number | null>;
  /** What it printed so far, both streams, colours taken out. */
  output(): string;
  /** The next message it sends over its IPC channel. */
  nextMessage(): Promise<unknown>;
}

/** `rspack <args>` in `dir` (with its rspack.config.ts), as `npm run build` or scripts/dev-remote.mjs run it. */
export function rspack(dir: string, args: string[]): RspackRun {
  const child = spawn(cli, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.push(child);
  let printed = '';
  const read = (chunk: Buffer) => (printed += chunk.toString());
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const messages: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  child.on('message', (m) => (waiting.shift() ?? ((x: unknown) => messages.push(x)))(m));
  // 'close', not 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const output = () => stripVTControlCharacters(printed);
  return {
    exited,
    output,
    nextMessage: () =>
      messages.length > 0
        ? Promise.resolve(messages.shift())
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            void exited.then((code) => reject(new Error(`rspack exited (${code}):\n${output()}`)));
          }),
  };
}
