// One more server instance in a process of its own, which the two-instance suite can kill outright.
// Bundled by the suite; settings come from the environment, and it prints its port once listening.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { migrationsFolder, shellDist } from '../../src/paths';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name the suite’s database');
  const database = openDatabase({ url, migrationsFolder });
  const app = await buildApp({
    config: loadConfig(),
    database,
    logger: false,
    shellDir: shellDist,
    realtime: JSON.parse(process.env.COVE_TEST_REALTIME ?? '{}'),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
