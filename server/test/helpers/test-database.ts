import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';
import { migrationsFolder } from '../../src/paths';
import { migratedTemplate } from './template-database';

export interface TestDatabase extends Database {
  url: string;
}

/**
 * A fresh, migrated database for one test file, dropped on close: on the jest run's embedded
 * cluster (see cluster-setup.ts), or on the PostgreSQL server named by TEST_POSTGRES_URL when the
 * postgres project runs; a copy of the migrated template (template-database.ts). `folder` holds the
 * migrations applied (a test of one migration passes the ones before it, is migrated itself, and
 * gets no database functions of src/db/functions).
 */
export async function createTestDatabase(folder = migrationsFolder): Promise<TestDatabase> {
  const onServer = process.env.COVE_TEST_DATABASE === 'postgres';
  const adminUrl = onServer ? process.env.TEST_POSTGRES_URL : process.env.COVE_TEST_CLUSTER_URL;
  if (!adminUrl)
    throw new Error(
      onServer
        ? 'TEST_POSTGRES_URL must be set for the postgres test project'
        : 'No test cluster: run the server tests through their jest project (its globalSetup starts one)',
    );
  const name = `cove_test_${randomBytes(6).toString('hex')}`;
  const whole = folder === migrationsFolder;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = whole ? ` TEMPLATE ${await migratedTemplate(admin, adminUrl)}` : '';
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A database migrated part way gets none of the current functions: they fit the latest tables.
  const functionsFolder = whole ? undefined : null;
  const database = openDatabase({ url: url.toString(), migrationsFolder: folder, functionsFolder });
  if (!whole) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
