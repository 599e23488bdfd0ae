import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../../src/db/embedded-cluster';
import { keepTestCluster } from './test-cluster';

/**
 * jest globalSetup: one embedded PostgreSQL cluster for the whole run, in a temporary folder; each
 * test file makes its own database on it (test-database.ts). Projects of one run share it.
 */
export default async function startTestCluster(): Promise<void> {
  if (process.env.COVE_TEST_CLUSTER_URL) return;
  const folder = mkdtempSync(join(tmpdir(), 'cove-test-pg-'));
  const cluster = await startCluster(join(folder, 'postgres'), { detached: false, throwaway: true }).catch(
    (err: unknown) => {
      rmSync(folder, { recursive: true, force: true });
      throw err;
    },
  );
  process.env.COVE_TEST_CLUSTER_URL = cluster.url('postgres');
  keepTestCluster({ cluster, folder });
}
