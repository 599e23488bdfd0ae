import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { toolDatabase } from '../db/database-source';
import { migrationsFolder } from '../paths';
import { seedBulk } from '../seed/bulk';
import { seedBulkMessages } from '../seed/bulk-messages';
import { seedDemoWorld } from '../seed/demo-world';
import { seedDemoSecondFactor } from '../seed/demo-second-factor';
import { factorBoxFor } from '../second-factor/secret-box';

const help = `Usage: npm run seed -- [options]

Adds data to the database named by DATABASE_URL, or to the embedded one under DATA_DIR
(through a running \`npm start\`, or started for this command).

Options:
  --demo            the small demo world (created on first start anyway)
  --creators <n>    generated creators, e.g. 5000 for discovery benchmarks
  --fans <n>        generated fans, e.g. 100000
  --messages <n>    generated messages over chats between the generated fans and creators,
                    e.g. 1000000 (with --creators and --fans, or after an earlier run of them)
  --help            this text
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      creators: { type: 'string', default: '0' },
      fans: { type: 'string', default: '0' },
      messages: { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  const creators = Number(values.creators);
  const fans = Number(values.fans);
  const messages = Number(values.messages);
  if (values.help || (!values.demo && creators === 0 && fans === 0 && messages === 0)) {
    process.stdout.write(help);
    return;
  }
  if (![creators, fans, messages].every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error('--creators, --fans and --messages take whole numbers of zero or more');
  }
  const config = loadConfig();
  const source = await toolDatabase(config);
  const database = openDatabase({ url: source.url, migrationsFolder });
  try {
    await database.migrate();
    const mediaDir = join(config.dataDir, 'media');
    if (values.demo) {
      const created = await seedDemoWorld(database.db, mediaDir);
      if (created) await seedDemoSecondFactor(database.db, factorBoxFor(config));
      process.stdout.write(created ? 'Demo world created.\n' : 'Demo world already there.\n');
    }
    if (creators + fans > 0) {
      await seedBulk(database.db, {
        creators,
        fans,
        mediaDir,
        onProgress: (done, total) => process.stdout.write(`\rInserted ${done} of ${total} users`),
      });
      process.stdout.write('\n');
    }
    if (messages > 0) {
      await seedBulkMessages(database.db, messages, (done, total) =>
        process.stdout.write(`\rInserted ${done} of ${total} messages`),
      );
      process.stdout.write('\n');
    }
  } finally {
    await database.close();
    await source.release();
  }
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
  console.error(err instanceof Error ? `${err.message}${cause}` : err);
  process.exit(1);
});
