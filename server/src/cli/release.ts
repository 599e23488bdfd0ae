import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { remoteName, type RemoteName } from '@cove/contracts';
import {
  findRepoRoot,
  promote,
  publish,
  recentChanges,
  resolveDataDir,
  rollback,
  status,
  type CanaryResult,
  type ReleaseContext,
  type ReleaseResult,
} from '../release';
import type { AuditEntry } from '../release/audit';
import type { VersionHealth } from '../release/health-rule';
import { readStatusHealth, type HealthByRemote } from '../release/status-health';

const usage = `Usage: npm run release -- <command> [options]

Commands:
  status                            per remote: current version, canary and share, error rates, last changes
  publish <remote> [--no-build | --dir <folder>] [--canary <percent>] [--skip-checks]
                                    build the remote (or take a finished build), store it as a new version,
                                    point the registry at it; with --canary serve it to that share of browsers.
                                    First it must expose ./App, keep its pages' first visit in budget and render
                                    its root route in headless Chromium (--skip-checks: not the last two)
  promote <remote>                  make the running canary the version every browser runs
  rollback <remote> [--to <version>] end a running canary; otherwise point the registry back at a stored
                                    version (default: the previous one)

Remotes: chat, discover, account, payouts
Options:
  --data-dir <dir>   the server's data folder (default: DATA_DIR, else ./.data at the workspace root)
  --reason <text>    why, kept in the release audit log beside who ran it
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

function describe(r: ReleaseResult | CanaryResult): string {
  if ('action' in r) {
    if (!r.changed)
      return `${r.remote}: the canary already runs ${r.to} at ${r.percent ?? 0}%; nothing changed.`;
    if (r.action === 'canary') return `${r.remote}: canary ${r.to} for ${r.percent ?? 0}% of browsers`;
    if (r.action === 'promote') return `${r.remote}: ${r.from ?? '(none)'} -> ${r.to} (canary promoted)`;
    return `${r.remote}: canary ${r.from ?? ''} ended; every browser runs ${r.to}`;
  }
  if (!r.changed) return `${r.remote} already runs ${r.to}; nothing changed.`;
  return `${r.remote}: ${r.from ?? '(none)'} -> ${r.to}`;
}

function canaryPercent(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/%$/, ''));
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new UsageError(`--canary takes a percent from 1 to 99.`);
  return n;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function healthLine(label: string, h: VersionHealth | undefined): string {
  if (!h) return '';
  const failed = `${h.failed}/${h.sessions} sessions failed (${percent(h.rate)})`;
  return `\n          ${label.padEnd(7)} ${h.version}: ${failed}, in ${h.failedNetworks}/${h.networks} networks`;
}

function changeLine(e: AuditEntry): string {
  const figures = e.figures
    ? ` (canary ${percent(e.figures.canary.rate)} of ${e.figures.canary.sessions}, stable ${percent(e.figures.stable.rate)} of ${e.figures.stable.sessions})`
    : '';
  const share = e.percent !== undefined ? ` at ${e.percent}%` : '';
  const why = e.reason ? `: ${e.reason}` : '';
  return `\n          ${e.at} ${e.action} ${e.from ?? '(none)'} -> ${e.to}${share} by ${e.by}${figures}${why}`;
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
        dir: { type: 'string' },
        canary: { type: 'string' },
        reason: { type: 'string' },
        'skip-checks': { type: 'boolean', default: false },
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
    ...(values.reason ? { reason: values.reason } : {}),
  };
  const print = (value: unknown, text: string) => io.out(values.json ? JSON.stringify(value, null, 2) : text);

  try {
    switch (command) {
      case 'status': {
        const rows = await status(ctx);
        const changes = await recentChanges(ctx, 3);
        let health: HealthByRemote | null = null;
        let healthNote = 'error rates: no database (start the server or set DATABASE_URL)';
        try {
          health = await readStatusHealth(ctx.dataDir, rows);
        } catch (err) {
          healthNote = `error rates unavailable: ${(err as Error).message}`;
        }
        const text = rows
          .map((r) => {
            const byVersion = new Map(health?.[r.remote]?.map((h) => [h.version, h]));
            const canary = r.canary ? `  canary: ${r.canary.version} at ${r.canary.percent}%` : '';
            const older = r.stored.map((v) => v.version);
            return `${r.remote.padEnd(9)} ${r.current ?? '(not released)'}${canary}${
              r.current ? healthLine('stable', byVersion.get(r.current)) : ''
            }${r.canary ? healthLine('canary', byVersion.get(r.canary.version)) : ''}${(
              changes[r.remote] ?? []
            )
              .map(changeLine)
              .join('')}${older.length ? `\n          stored: ${older.join(', ')}` : ''}`;
          })
          .join('\n');
        const json = rows.map((r) => ({
          ...r,
          health: health?.[r.remote] ?? null,
          changes: changes[r.remote] ?? [],
        }));
        print(json, `Registry: ${ctx.dataDir}/mf/registry.json\n${health ? '' : `${healthNote}\n`}${text}`);
        return 0;
      }
      case 'publish': {
        const result = await publish(ctx, remoteArg(target), {
          build: !values['no-build'],
          dir:
            values.dir === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), values.dir),
          canary: canaryPercent(values.canary),
          checks: !values['skip-checks'],
        });
        print(result, describe(result));
        return 0;
      }
      case 'promote': {
        const result = await promote(ctx, remoteArg(target));
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
