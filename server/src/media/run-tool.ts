import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { cpuSecondsOf } from './cpu-time';

/** A media tool failed or took too long; `detail` is the tail of what it printed, for the log only. */
export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly detail: string,
  ) {
    super(`${tool} failed: ${detail}`);
    this.name = 'ToolError';
  }
}

const KEEP = 4096;
const CPU_CHECK_MS = 500;
/** Below the server's own priority: a video encoding for minutes gives the CPU up to requests and photos. */
const NICENESS = 10;

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Where `name` is on the PATH, if it is. */
const onPath = (name: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find(executable);

/** Every Linux and macOS has one; without it the tools run at normal priority. */
const nice = onPath('nice');

/**
 * The program and arguments that run a media tool: under `nice -n 10` where there is one. A tool
 * missing from the PATH is spawned by name, so it fails as spawn reports it (ENOENT), niced or not.
 */
function toolCommand(tool: string, args: string[]): [string, string[]] {
  const path = onPath(tool);
  return nice && path ? [nice, ['-n', String(NICENESS), path, ...args]] : [tool, args];
}

/**
 * Runs ffmpeg or ffprobe niced, with an empty environment (no proxies, no config files), no stdin, a
 * time limit, optionally a CPU time limit, and bounded output. Inputs are always `file:` URLs behind
 * `-protocol_whitelist file` (or ffmpeg's own generated sources, for the demo clip), so the tools never
 * reach a network.
 */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  opts: {
    timeoutMs: number;
    /** Killed once it has used this many CPU seconds (where /proc tells; the time limit holds anyway). */
    cpuSeconds?: number;
    maxStdout?: number;
    signal?: AbortSignal | undefined;
    /** Warnings that mean the input is damaged even though the tool exits 0. */
    failOn?: RegExp;
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = toolCommand(tool, args);
    // `nice` replaces itself with the tool, so the child's pid, CPU time and kill are the tool's.
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const maxStdout = opts.maxStdout ?? 1024 * 1024;
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = '';
    let failure: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= maxStdout) out.push(chunk);
      else if (!failure) {
        failure = 'printed too much';
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errTail = (errTail + chunk.toString('utf8')).slice(-KEEP);
    });
    const timer = setTimeout(() => {
      failure = `timed out after ${opts.timeoutMs} ms`;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const { cpuSeconds } = opts;
    const cpuCheck =
      cpuSeconds === undefined
        ? undefined
        : setInterval(() => {
            const used = child.pid === undefined ? null : cpuSecondsOf(child.pid);
            if (used === null || used <= cpuSeconds || failure) return;
            failure = `used over ${cpuSeconds} s of CPU`;
            child.kill('SIGKILL');
          }, CPU_CHECK_MS);
    const onAbort = () => {
      failure = 'stopped';
      child.kill('SIGKILL');
    };
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      clearInterval(cpuCheck);
      reject(new ToolError(tool, err.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(cpuCheck);
      opts.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(new ToolError(tool, failure));
      if (code !== 0) return reject(new ToolError(tool, `exit ${code ?? signal}: ${errTail.trim()}`));
      if (opts.failOn?.test(errTail)) return reject(new ToolError(tool, errTail.trim()));
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

/** The input arguments every ffmpeg/ffprobe call uses: local files only, the container named, never guessed. */
export const inputArgs = (demuxer: string, path: string) => [
  '-protocol_whitelist',
  'file',
  '-f',
  demuxer,
  '-i',
  `file:${path}`,
];
