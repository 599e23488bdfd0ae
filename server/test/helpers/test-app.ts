import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { policeDeclaredResponses } from './declared-responses';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database and a temporary data folder, ready for `app.inject`. */
export interface TestAppOptions {
  env?: Record<string, string>;
  shellDir?: string;
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance) => void;
  /** Realtime timings and limits other than the defaults. */
  realtime?: AppOptions['realtime'];
  /** A logger to read what the server logs; none by default. */
  logger?: AppOptions['logger'];
  /** The release page's workspace and smoke test. */
  releases?: AppOptions['releases'];
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, shellDir, extend, realtime, logger = false, releases } = opts;
  const dataDir = mkdtempSync(join(tmpdir(), 'cove-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_PER_10_MINUTES: '100000',
    SIGN_IN_PER_EMAIL_PER_10_MINUTES: '100000',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger,
    realtime,
    ...(releases ? { releases } : {}),
    ...(shellDir ? { shellDir } : {}),
  });
  const undeclared = policeDeclaredResponses(app);
  extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (undeclared.length > 0)
        throw new Error(`Responses the routes do not declare:\n${[...new Set(undeclared)].join('\n')}`);
    },
  };
}
