import { parseArgs } from 'node:util';
import { remoteName, type RemoteName } from '@cove/contracts';
import {
  findRepoRoot,
  publish,
  resolveDataDir,
  rollback,
  status,
  type ReleaseContext,
  type ReleaseResult,
} from '../release';

const usage = `Usage: npm run release -- <command> [options]

Commands:
  status                            each remote's current version and history
  publish <remote> [--no-build]     build the remote, store it as a new version, point the registry at it
  rollback <remote> [--to <version>] point the registry back at a stored version (default: the previous one)

Remotes: chat, discover, account, payouts
Options:
  --data-dir <dir>   the server's data folder (default: DATA_DIR, else ./.data at the workspace root)
  --json             print the answer as JSON
`;

interface Io {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: Io = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

function remoteArg(value: string | undefined): RemoteName {
  const parsed = remoteName.safeParse(value);
  if (!parsed.success) throw new UsageError(`Unknown remote "${value ?? ''}".`);
  return parsed.data;
}

class UsageError extends Error {}

function describe(r: ReleaseResult): string {
  if (!r.changed) return `${r.remote} already runs ${r.to}; nothing changed.`;
  return `${r.remote}: ${r.from ?? '(none)'} -> ${r.to}`;
}

/** The release CLI, the one writer of the registry. Returns the process exit code. */
export async function main(argv: string[], io: Io = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        to: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, target] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(usage);
    return values.help ? 0 : 2;
  }

  const repoRoot = findRepoRoot();
  const ctx: ReleaseContext = {
    repoRoot,
    dataDir: resolveDataDir(repoRoot, values['data-dir'] ?? process.env.DATA_DIR),
    log: io.err,
  };
  const print = (value: unknown, text: string) => io.out(values.json ? JSON.stringify(value, null, 2) : text);

  try {
    switch (command) {
      case 'status': {
        const rows = await status(ctx);
        const text = rows
          .map((r) => {
            const last = r.lastChange ? `  last: ${r.lastChange.action} at ${r.lastChange.at}` : '';
            const older = r.versions.filter((v) => v !== r.current);
            return `${r.remote.padEnd(9)} ${r.current ?? '(not released)'}${last}${
              older.length ? `\n          stored: ${older.join(', ')}` : ''
            }`;
          })
          .join('\n');
        print(rows, `Registry: ${ctx.dataDir}/mf/registry.json\n${text}`);
        return 0;
      }
      case 'publish': {
        const result = await publish(ctx, remoteArg(target), { build: !values['no-build'] });
        print(result, describe(result));
        return 0;
      }
      case 'rollback': {
        const result = await rollback(ctx, remoteArg(target), values.to);
        print(result, describe(result));
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\n${usage}`);
      return 2;
    }
    io.err(`release ${command} failed: ${(err as Error).message}`);
    return 1;
  }
}

// Run when bundled as the CLI entry (server/dist/release-cli.js), not when imported by tests.
if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
