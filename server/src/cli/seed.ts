import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../paths';
import { seedBulk } from '../seed/bulk';
import { seedDemoWorld } from '../seed/demo-world';

const help = `Usage: npm run seed -- [options]

Adds data to the database named by DATABASE_URL, or to the embedded one under DATA_DIR.
With the embedded database, stop \`npm start\` first: only one process may open it.

Options:
  --demo            the small demo world (created on first start anyway)
  --creators <n>    generated creators, e.g. 5000 for discovery benchmarks
  --fans <n>        generated fans, e.g. 100000
  --help            this text
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      creators: { type: 'string', default: '0' },
      fans: { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  const creators = Number(values.creators);
  const fans = Number(values.fans);
  if (values.help || (!values.demo && creators === 0 && fans === 0)) {
    process.stdout.write(help);
    return;
  }
  if (!Number.isInteger(creators) || !Number.isInteger(fans) || creators < 0 || fans < 0) {
    throw new Error('--creators and --fans take whole numbers of zero or more');
  }
  const config = loadConfig();
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    migrationsFolder,
  });
  try {
    await database.migrate();
    const mediaDir = join(config.dataDir, 'media');
    if (values.demo)
      process.stdout.write(
        (await seedDemoWorld(database.db, mediaDir))
          ? 'Demo world created.\n'
          : 'Demo world already there.\n',
      );
    if (creators + fans > 0) {
      await seedBulk(database.db, {
        creators,
        fans,
        mediaDir,
        onProgress: (done, total) => process.stdout.write(`\rInserted ${done} of ${total} users`),
      });
      process.stdout.write('\n');
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
