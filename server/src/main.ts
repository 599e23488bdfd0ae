import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrationsFolder, repoRoot } from './paths';
import { ensureRemotesPublished } from './release';
import { seedDemoWorld } from './seed/demo-world';
import { writeServerFile } from './server-file';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    migrationsFolder,
  });
  await database.migrate();
  if (config.seedDemo) await seedDemoWorld(database.db, join(config.dataDir, 'media'));

  const app = await buildApp({ config, database });
  // A fresh data folder gets the remotes as built; later versions come only through the release CLI.
  await ensureRemotesPublished(config.dataDir, repoRoot, (line) => app.log.info(line));
  let removeServerFile = () => {};
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    removeServerFile();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  removeServerFile = writeServerFile(config.dataDir, {
    pid: process.pid,
    port,
    adminSecret: app.adminSecret,
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
